package index

// The full-text tables' ranking function on the read pool's connections.
//
// FTS5's bm25() computes, for every statement that calls it, each phrase's
// document frequency: it walks the phrase's whole document list once ("app"
// is in most pages), even when the statement scores a few hundred rows of a
// small source. That walk was 15–18% of a search's CPU (docs/benchmarks.md,
// round eleven). An index is never written in place (immutable=1), so a
// phrase's document frequency is a constant of the index: this file registers
// a function named bm25 on each read connection, ahead of FTS5's own (FTS5
// looks functions up newest first), that computes the same score, in the same
// order of floating-point operations, with the frequencies counted once per
// index and kept. Everything else (the statement's row count, average length,
// the row's phrase instances and length) is read from FTS5 as bm25 reads it,
// so the scores are bit for bit FTS5's (TestCachedBM25IsFTS5s).
//
// The function reaches into modernc's transpiled SQLite: the connection's
// handle, the fts5_api, and the parsed expression's phrases (their terms and
// column filter make the cache key). Every layout it relies on is checked
// when a connection opens (the driver's conn type and fields, the sizes of
// the phrase and term structs); if one does not hold, the connection keeps
// FTS5's bm25, which gives the same scores at the old cost, and
// TestCachedBM25IsRegistered fails.

import (
	"context"
	"database/sql/driver"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// bm25's constants, as FTS5 has them.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// bm25MinIDF is the IDF of a phrase in more than half the rows.
	bm25MinIDF = 1e-6
)

// maxKeptFrequencies bounds a store's kept document frequencies; past it a
// phrase is counted as FTS5 counts it, every time.
const maxKeptFrequencies = 1 << 16

// phraseFrequencies are one index's phrase document frequencies, keyed by
// table, column filter and terms.
type phraseFrequencies struct {
	mu sync.RWMutex
	m  map[string]int64
	// registered counts the connections that got the function.
	registered atomic.Int64
}

func (f *phraseFrequencies) get(key []byte) (int64, bool) {
	f.mu.RLock()
	n, ok := f.m[string(key)]
	f.mu.RUnlock()
	return n, ok
}

func (f *phraseFrequencies) put(key []byte, n int64) {
	f.mu.Lock()
	if len(f.m) < maxKeptFrequencies {
		f.m[string(key)] = n
	}
	f.mu.Unlock()
}

// The stores' frequency tables, by the handle their connections' functions
// carry as user data (SQLite holds only integers, not Go pointers).
var (
	frequencyTables     sync.Map // uintptr -> *phraseFrequencies
	nextFrequencyHandle atomic.Uintptr
)

func newPhraseFrequencies() (*phraseFrequencies, uintptr) {
	f := &phraseFrequencies{m: map[string]int64{}}
	h := nextFrequencyHandle.Add(1)
	frequencyTables.Store(h, f)
	return f, h
}

// rankingConnector opens the read pool's connections and registers the
// function on each.
type rankingConnector struct {
	driver.Connector
	handle uintptr
	freq   *phraseFrequencies
}

func (c rankingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	if registerCachedBM25(conn, c.handle) {
		c.freq.registered.Add(1)
	}
	return conn, nil
}

// at reads the C memory at p as a T. The conversion goes through a pointer
// to the integer so that it is not one of uintptr to unsafe.Pointer, which
// go vet reports; the memory is SQLite's, not Go's, and never moves.
func at[T any](p uintptr) *T { return (*T)(*(*unsafe.Pointer)(unsafe.Pointer(&p))) }

// funcPointer is a function's value as the transpiled C calls it: a pointer
// to its func value, which for a top-level function is static.
func funcPointer[T any](f T) uintptr { return *(*uintptr)(unsafe.Pointer(&struct{ f T }{f})) }

// The layouts the function relies on (64-bit platforms): an Fts5ExprPhrase's
// terms follow it, an Fts5Colset's columns follow its count.
const (
	phraseTermsOffset = 32
	termSize          = 40
	colsetColsOffset  = 4
)

func layoutsHold() bool {
	return unsafe.Sizeof(uintptr(0)) == 8 &&
		unsafe.Sizeof(sqlite3.TFts5ExprPhrase{}) == phraseTermsOffset &&
		unsafe.Sizeof(sqlite3.TFts5ExprTerm{}) == termSize
}

// connHandles returns the sqlite3 handle and thread state of a modernc
// connection.
func connHandles(conn driver.Conn) (db uintptr, tls *libc.TLS, ok bool) {
	v := reflect.ValueOf(conn)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return 0, nil, false
	}
	e := v.Elem()
	if t := e.Type(); t.PkgPath() != "modernc.org/sqlite" || t.Name() != "conn" {
		return 0, nil, false
	}
	fdb, ftls := e.FieldByName("db"), e.FieldByName("tls")
	if !fdb.IsValid() || fdb.Kind() != reflect.Uintptr || !ftls.IsValid() || ftls.Type() != reflect.TypeFor[*libc.TLS]() {
		return 0, nil, false
	}
	db = *(*uintptr)(unsafe.Pointer(fdb.UnsafeAddr()))
	tls = *(**libc.TLS)(unsafe.Pointer(ftls.UnsafeAddr()))
	return db, tls, db != 0 && tls != nil
}

// registerCachedBM25 registers the function on conn, carrying the handle of
// its store's frequencies, and reports whether it did.
func registerCachedBM25(conn driver.Conn, handle uintptr) bool {
	if !layoutsHold() {
		return false
	}
	db, tls, ok := connHandles(conn)
	if !ok {
		return false
	}
	api := fts5API(tls, db)
	if api == 0 || at[sqlite3.Tfts5_api](api).FiVersion < 2 {
		return false
	}
	name, err := libc.CString("bm25")
	if err != nil {
		return false
	}
	defer libc.Xfree(tls, name)
	create := *(*func(*libc.TLS, uintptr, uintptr, uintptr, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{at[sqlite3.Tfts5_api](api).FxCreateFunction}))
	return create(tls, api, name, handle, funcPointer(cachedBM25), 0) == sqlite3.SQLITE_OK
}

// fts5API returns the connection's fts5_api, as SQLite's documentation has
// an extension get it: SELECT fts5(?1) with a pointer bound.
func fts5API(tls *libc.TLS, db uintptr) uintptr {
	query, err := libc.CString("SELECT fts5(?1)")
	if err != nil {
		return 0
	}
	defer libc.Xfree(tls, query)
	kind, err := libc.CString("fts5_api_ptr")
	if err != nil {
		return 0
	}
	defer libc.Xfree(tls, kind)
	bp := tls.Alloc(16) // the statement, then the api
	defer tls.Free(16)
	*at[uintptr](bp), *at[uintptr](bp + 8) = 0, 0
	if sqlite3.Xsqlite3_prepare_v2(tls, db, query, -1, bp, 0) != sqlite3.SQLITE_OK {
		return 0
	}
	stmt := *at[uintptr](bp)
	defer sqlite3.Xsqlite3_finalize(tls, stmt)
	if sqlite3.Xsqlite3_bind_pointer(tls, stmt, 1, bp+8, kind, 0) != sqlite3.SQLITE_OK {
		return 0
	}
	sqlite3.Xsqlite3_step(tls, stmt)
	return *at[uintptr](bp + 8)
}

// bm25Statement is one statement's state, as FTS5 keeps it for bm25: each
// phrase's IDF, the average row length, and the row's phrase frequencies.
type bm25Statement struct {
	idf   []float64
	freq  []float64
	avgdl float64
}

// The statements' states, by the handle SQLite holds as the function's
// auxiliary data for the statement; it is dropped when the statement ends.
var (
	bm25Statements    sync.Map // uintptr -> *bm25Statement
	nextBM25Statement atomic.Uintptr
)

func dropBM25Statement(_ *libc.TLS, handle uintptr) { bm25Statements.Delete(handle) }

func countRow(_ *libc.TLS, _, _, n uintptr) int32 {
	*at[int64](n)++
	return sqlite3.SQLITE_OK
}

// api calls of the Fts5ExtensionApi, typed.
func apiFunc[T any](fp uintptr) T { return *(*T)(unsafe.Pointer(&struct{ uintptr }{fp})) }

// cachedBM25 is FTS5's fts5Bm25Function with the document frequencies kept.
func cachedBM25(tls *libc.TLS, pApi, pFts, pCtx uintptr, nVal int32, apVal uintptr) {
	api := at[sqlite3.TFts5ExtensionApi](pApi)
	st, rc := bm25StatementOf(tls, api, pFts)
	bp := tls.Alloc(24) // nInst, phrase, column, offset, row length
	defer tls.Free(24)
	if rc == sqlite3.SQLITE_OK {
		clear(st.freq)
		*at[int32](bp) = 0
		rc = apiFunc[func(*libc.TLS, uintptr, uintptr) int32](api.FxInstCount)(tls, pFts, bp)
	}
	inst := apiFunc[func(*libc.TLS, uintptr, int32, uintptr, uintptr, uintptr) int32](api.FxInst)
	for i := int32(0); rc == sqlite3.SQLITE_OK && i < *at[int32](bp); i++ {
		rc = inst(tls, pFts, i, bp+4, bp+8, bp+12)
		if rc == sqlite3.SQLITE_OK {
			w := float64(1)
			if ic := *at[int32](bp + 8); nVal > ic {
				w = sqlite3.Xsqlite3_value_double(tls, *at[uintptr](apVal + uintptr(ic)*8))
			}
			st.freq[*at[int32](bp + 4)] += w
		}
	}
	var d float64
	if rc == sqlite3.SQLITE_OK {
		rc = apiFunc[func(*libc.TLS, uintptr, int32, uintptr) int32](api.FxColumnSize)(tls, pFts, -1, bp+16)
		d = float64(*at[int32](bp + 16))
	}
	if rc != sqlite3.SQLITE_OK {
		sqlite3.Xsqlite3_result_error_code(tls, pCtx, rc)
		return
	}
	// Typed variables, as FTS5 has them: an untyped constant expression
	// would be folded exactly, not in float64 as FTS5's is.
	k1, b := float64(bm25K1), float64(bm25B)
	score := float64(0)
	for i := range st.idf {
		score = score + st.idf[i]*(st.freq[i]*(k1+float64(1))/(st.freq[i]+k1*(float64(1)-b+b*d/st.avgdl)))
	}
	sqlite3.Xsqlite3_result_double(tls, pCtx, -float64(1)*score)
}

// bm25StatementOf returns the statement's state, computing it on its first
// row as fts5Bm25GetData does, with each phrase's document frequency taken
// from the store's frequencies when they have it.
func bm25StatementOf(tls *libc.TLS, api *sqlite3.TFts5ExtensionApi, pFts uintptr) (*bm25Statement, int32) {
	if h := apiFunc[func(*libc.TLS, uintptr, int32) uintptr](api.FxGetAuxdata)(tls, pFts, 0); h != 0 {
		if st, ok := bm25Statements.Load(h); ok {
			return st.(*bm25Statement), sqlite3.SQLITE_OK
		}
	}
	nPhrase := apiFunc[func(*libc.TLS, uintptr) int32](api.FxPhraseCount)(tls, pFts)
	st := &bm25Statement{idf: make([]float64, nPhrase), freq: make([]float64, nPhrase)}
	bp := tls.Alloc(24) // rows, tokens, hits
	defer tls.Free(24)
	*at[int64](bp), *at[int64](bp + 8) = 0, 0
	rc := apiFunc[func(*libc.TLS, uintptr, uintptr) int32](api.FxRowCount)(tls, pFts, bp)
	if rc == sqlite3.SQLITE_OK {
		rc = apiFunc[func(*libc.TLS, uintptr, int32, uintptr) int32](api.FxColumnTotalSize)(tls, pFts, -1, bp+8)
	}
	nRow := *at[int64](bp)
	if rc == sqlite3.SQLITE_OK {
		st.avgdl = float64(*at[int64](bp + 8)) / float64(nRow)
	}
	var freq *phraseFrequencies
	if f, ok := frequencyTables.Load(apiFunc[func(*libc.TLS, uintptr) uintptr](api.FxUserData)(tls, pFts)); ok {
		freq = f.(*phraseFrequencies)
	}
	query := apiFunc[func(*libc.TLS, uintptr, int32, uintptr, uintptr) int32](api.FxQueryPhrase)
	var key []byte
	for i := int32(0); rc == sqlite3.SQLITE_OK && i < nPhrase; i++ {
		key = phraseKey(key[:0], pFts, i)
		nHit, kept := int64(0), false
		if freq != nil && key != nil {
			nHit, kept = freq.get(key)
		}
		if !kept {
			*at[int64](bp + 16) = 0
			if rc = query(tls, pFts, i, bp+16, funcPointer(countRow)); rc != sqlite3.SQLITE_OK {
				break
			}
			nHit = *at[int64](bp + 16)
			if freq != nil && key != nil {
				freq.put(key, nHit)
			}
		}
		idf := libc.Xlog(tls, (float64(nRow-nHit)+float64(0.5))/(float64(nHit)+float64(0.5)))
		if idf <= float64(0) {
			idf = bm25MinIDF
		}
		st.idf[i] = idf
	}
	if rc != sqlite3.SQLITE_OK {
		return nil, rc
	}
	h := nextBM25Statement.Add(1)
	bm25Statements.Store(h, st)
	if rc := apiFunc[func(*libc.TLS, uintptr, uintptr, uintptr) int32](api.FxSetAuxdata)(tls, pFts, h, funcPointer(dropBM25Statement)); rc != sqlite3.SQLITE_OK {
		// SQLite calls the delete function when it cannot keep the data.
		return nil, rc
	}
	return st, sqlite3.SQLITE_OK
}

// phraseKey appends the key of the cursor's phrase i to key: its table, its
// column filter and its terms (with their synonyms and prefix and initial
// flags), which together decide the rows xQueryPhrase counts. It returns nil
// when the expression does not have the phrase.
func phraseKey(key []byte, pFts uintptr, i int32) []byte {
	csr := at[sqlite3.TFts5Cursor](pFts)
	if csr.FpExpr == 0 || csr.Fbase.FpVtab == 0 {
		return nil
	}
	expr := at[sqlite3.TFts5Expr](csr.FpExpr)
	if i >= expr.FnPhrase {
		return nil
	}
	table := at[sqlite3.TFts5FullTable](csr.Fbase.FpVtab)
	if table.Fp.FpConfig == 0 {
		return nil
	}
	key = appendCString(key, at[sqlite3.TFts5Config](table.Fp.FpConfig).FzName)
	phrase := *at[uintptr](expr.FapExprPhrase + uintptr(i)*8)
	ph := at[sqlite3.TFts5ExprPhrase](phrase)
	key = append(key, 0, 'c')
	if ph.FpNode != 0 {
		if near := at[sqlite3.TFts5ExprNode](ph.FpNode).FpNear; near != 0 {
			if colset := at[sqlite3.TFts5ExprNearset](near).FpColset; colset != 0 {
				n := at[sqlite3.TFts5Colset](colset).FnCol
				for j := int32(0); j < n; j++ {
					c := *at[int32](colset + colsetColsOffset + uintptr(j)*4)
					key = append(key, byte(c), byte(c>>8))
				}
			}
		}
	}
	for t := int32(0); t < ph.FnTerm; t++ {
		key = append(key, 0, 't')
		for term := phrase + phraseTermsOffset + uintptr(t)*termSize; term != 0; term = at[sqlite3.TFts5ExprTerm](term).FpSynonym {
			tm := at[sqlite3.TFts5ExprTerm](term)
			key = append(key, 0, 's', tm.FbPrefix, tm.FbFirst, byte(tm.FnFullTerm), byte(tm.FnFullTerm>>8))
			if tm.FpTerm != 0 && tm.FnFullTerm > 0 {
				key = append(key, unsafe.Slice(at[byte](tm.FpTerm), tm.FnFullTerm)...)
			}
		}
	}
	return key
}

// appendCString appends the NUL-terminated string at p.
func appendCString(b []byte, p uintptr) []byte {
	if p == 0 {
		return b
	}
	for ; *at[byte](p) != 0; p++ {
		b = append(b, *at[byte](p))
	}
	return b
}
