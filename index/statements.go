package index

import (
	"database/sql"
	"fmt"
)

// stmtID names one of the Builder's prepared statements.
type stmtID int

const (
	stLookupID stmtID = iota
	stInsertDoc
	stInsertFTS
	stInsertPartsFTS
	stInsertBody
	stInsertStructured
	stInsertSymbol
	stInsertName
	stInsertExample
	stInsertChild
	stInsertEdge
	stInsertRef

	stDeleteFTS
	stDeletePartsFTS
	stDeleteBody
	stDeleteStructured
	stDeleteSymbols
	stDeleteNames
	stDeleteExamples
	stDeleteChildren
	stDeleteEdges
	stDeleteRefs
	stDeleteDoc

	stPutSourceFile
	stDeleteSourceFile
	stSetMeta
	stUpsertAlias

	numStmts
)

var stmtSQL = [numStmts]string{
	stLookupID:         "SELECT id FROM docs WHERE uri = ?",
	stInsertDoc:        "INSERT INTO docs(id, uri, uri_key, source, framework, title, title_lower, kind, role_heading, language, summary, min_ios, min_macos, min_tvos, min_watchos, min_visionos, deprecated, deprecated_note, availability_source, swift_version, status, parent_uri, content_hash, source_file, size, depth, is_recovered) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
	stInsertFTS:        "INSERT INTO docs_fts(rowid, uri, source, framework, language, title, content, summary, symbols, symbol_components) VALUES (?,?,?,?,?,?,?,?,?,?)",
	stInsertPartsFTS:   "INSERT INTO parts_fts(rowid, uri, source, framework, language, title, content, summary, symbols, symbol_components) VALUES (?,?,?,?,?,?,?,?,?,?)",
	stInsertBody:       "INSERT INTO doc_body(doc_id, markdown, page) VALUES (?,?,?)",
	stInsertStructured: "INSERT INTO docs_structured(doc_id, declaration, conforms_to, inherits_from, inherited_by, conforming_types, attributes, platforms) VALUES (?,?,?,?,?,?,?,?)",
	stInsertSymbol:     "INSERT INTO doc_symbols(doc_id, name, kind, signature, is_async, is_throws, is_static, attributes, conformances, generic_params, generic_constraints, origin) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
	stInsertName:       "INSERT OR IGNORE INTO symbol_names(name_lower, doc_id) VALUES (?,?)",
	stInsertExample:    "INSERT INTO doc_code_examples(doc_id, ord, language, code, caption) VALUES (?,?,?,?,?)",
	stInsertChild:      "INSERT INTO doc_children(doc_id, ord, child_uri, child_title, section, child_decl) VALUES (?,?,?,?,?,?)",
	stInsertEdge:       "INSERT INTO inheritance_edges(child_uri, child_title, parent_uri, parent_title, relation, doc_id) VALUES (?,?,?,?,?,?)",
	stInsertRef:        "INSERT INTO code_refs(doc_id, name, name_lower, type_lower, kind, line) VALUES (?,?,?,?,?,?)",

	stDeleteFTS:        "DELETE FROM docs_fts WHERE rowid = ?",
	stDeletePartsFTS:   "DELETE FROM parts_fts WHERE rowid = ?",
	stDeleteBody:       "DELETE FROM doc_body WHERE doc_id = ?",
	stDeleteStructured: "DELETE FROM docs_structured WHERE doc_id = ?",
	stDeleteSymbols:    "DELETE FROM doc_symbols WHERE doc_id = ?",
	stDeleteNames:      "DELETE FROM symbol_names WHERE doc_id = ?",
	stDeleteExamples:   "DELETE FROM doc_code_examples WHERE doc_id = ?",
	stDeleteChildren:   "DELETE FROM doc_children WHERE doc_id = ?",
	stDeleteEdges:      "DELETE FROM inheritance_edges WHERE doc_id = ?",
	stDeleteRefs:       "DELETE FROM code_refs WHERE doc_id = ?",
	stDeleteDoc:        "DELETE FROM docs WHERE id = ?",

	stPutSourceFile:    "INSERT OR REPLACE INTO source_files(path, source, size, mtime_ns, content_hash, state, uri) VALUES (?,?,?,?,?,?,?)",
	stDeleteSourceFile: "DELETE FROM source_files WHERE path = ?",
	stSetMeta:          "INSERT OR REPLACE INTO meta(key, value) VALUES (?,?)",
	stUpsertAlias: `INSERT INTO framework_aliases(identifier, import_name, display_name, synonyms, doc_count) VALUES (?,?,?,?,?)
		ON CONFLICT(identifier) DO UPDATE SET import_name = excluded.import_name, display_name = excluded.display_name,
		synonyms = excluded.synonyms, doc_count = excluded.doc_count`,
}

// perDocDeletes are the statements that remove one document, docs last.
var perDocDeletes = []stmtID{stDeleteFTS, stDeletePartsFTS, stDeleteBody, stDeleteStructured, stDeleteSymbols, stDeleteNames,
	stDeleteExamples, stDeleteChildren, stDeleteEdges, stDeleteRefs, stDeleteDoc}

// statements are prepared once on the pool's single connection; bind
// re-targets them to each batch transaction without re-preparing.
type statements [numStmts]*sql.Stmt

func prepareStatements(db *sql.DB) (*statements, error) {
	s := &statements{}
	for id, text := range stmtSQL {
		stmt, err := db.Prepare(text)
		if err != nil {
			s.close()
			return nil, fmt.Errorf("prepare statement %d: %w", id, err)
		}
		s[id] = stmt
	}
	return s, nil
}

func (s *statements) bind(tx *sql.Tx) *statements {
	bound := &statements{}
	for id, stmt := range s {
		bound[id] = tx.Stmt(stmt)
	}
	return bound
}

func (s *statements) close() {
	for _, stmt := range s {
		if stmt != nil {
			stmt.Close()
		}
	}
}
