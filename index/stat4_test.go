package index

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"testing"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// optFlags reads the planner's disabled-optimization flags of one of db's
// connections.
func optFlags(t *testing.T, db *sql.DB) uint32 {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var flags uint32
	err = conn.Raw(func(dc any) error {
		h, tls, ok := connHandles(dc.(driver.Conn))
		if !ok {
			t.Fatal("not a modernc connection")
		}
		p := tls.Alloc(8)
		defer tls.Free(8)
		va := libc.NewVaList(h, p)
		defer libc.Xfree(tls, va)
		if rc := sqlite3.Xsqlite3_test_control(tls, sqlite3.SQLITE_TESTCTRL_GETOPT, va); rc != sqlite3.SQLITE_OK {
			t.Fatalf("GETOPT: %d", rc)
		}
		flags = uint32(*at[int32](p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return flags
}

// TestLookupPlansWithoutStat4: verify's lookup connections plan without
// the STAT4 samples (their statements were planned again at every new
// name), and the ranker's pool plans with them.
func TestLookupPlansWithoutStat4(t *testing.T) {
	dbPath := buildFixture(t)
	l, err := OpenNameLookup(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if f := optFlags(t, l.db); f&sqlite3.SQLITE_Stat4 == 0 {
		t.Errorf("a lookup connection plans with STAT4 (flags %#x)", f)
	} else if f != sqlite3.SQLITE_Stat4 {
		t.Errorf("a lookup connection has other optimizations off too (flags %#x)", f)
	}
	st := openStore(t, dbPath)
	if f := optFlags(t, st.db); f&sqlite3.SQLITE_Stat4 != 0 {
		t.Errorf("the ranker's pool plans without STAT4 (flags %#x)", f)
	}
}
