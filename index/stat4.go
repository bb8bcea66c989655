package index

import (
	"context"
	"database/sql/driver"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The planner's STAT4 samples on a lookup connection.
//
// ANALYZE keeps samples of each index's keys (sqlite_stat4), and the planner
// reads them to estimate how many rows a bound value selects. A statement
// whose plan used a bound value that way is planned again whenever that
// value changes (sqlite3Reprepare), which a prepared statement was meant to
// save: verify's name and graph reads bind a new name or address every
// time, and planning them again was 17% of a verify call's CPU. Their plans
// (an equality or a range on one index) do not depend on the samples, so
// the lookup connections plan without them; the ranker's pool keeps them
// (some of its statements plan better with them, docs/benchmarks.md round
// three).

// noStat4Connector opens connections that plan without the STAT4 samples.
type noStat4Connector struct{ driver.Connector }

func (c noStat4Connector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	// A connection whose flags cannot be set plans as before: the same
	// answers, planned again more often.
	withoutStat4(conn)
	return conn, nil
}

// withoutStat4 turns the planner's use of the STAT4 samples off on conn,
// keeping its other optimization settings, and reports whether it did.
func withoutStat4(conn driver.Conn) bool {
	db, tls, ok := connHandles(conn)
	if !ok {
		return false
	}
	flags := tls.Alloc(8)
	defer tls.Free(8)
	*at[int32](flags) = 0
	va := libc.NewVaList(db, flags)
	rc := sqlite3.Xsqlite3_test_control(tls, sqlite3.SQLITE_TESTCTRL_GETOPT, va)
	libc.Xfree(tls, va)
	if rc != sqlite3.SQLITE_OK {
		return false
	}
	va = libc.NewVaList(db, uint32(*at[int32](flags))|sqlite3.SQLITE_Stat4)
	rc = sqlite3.Xsqlite3_test_control(tls, sqlite3.SQLITE_TESTCTRL_OPTIMIZATIONS, va)
	libc.Xfree(tls, va)
	return rc == sqlite3.SQLITE_OK
}
