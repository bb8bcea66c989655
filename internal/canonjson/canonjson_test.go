package canonjson

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCanonicalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":2}`, `{"a":2,"b":1}`},
		{" { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { \"z\" : null , \"y\" : true } } \n", `{"a":{"y":true,"z":null},"b":[1,2]}`},
		{`[{"b":1,"a":2},{"d":{"f":1,"e":2},"c":3}]`, `[{"a":2,"b":1},{"c":3,"d":{"e":2,"f":1}}]`},
		// Byte-exact tokens: escapes and number spellings are kept.
		{`{"s":"caf\u00e9 \/ \"x\"","n":1.50}`, `{"n":1.50,"s":"caf\u00e9 \/ \"x\""}`},
		{`"café"`, `"café"`},
		{`-0.0e+1`, `-0.0e+1`},
		{`{}`, `{}`},
		{`[]`, `[]`},
		{`{"a":[]}`, `{"a":[]}`},
		// Keys compare by raw bytes; duplicates keep their relative order.
		{`{"a":1,"B":2,"_":3,"a":0}`, `{"B":2,"_":3,"a":1,"a":0}`},
		{`{"ab":1,"a":2}`, `{"a":2,"ab":1}`},
		// Members whose values are nested, unsorted objects move as a whole.
		{`{"z":{"q":[{"k":2,"j":1}],"p":0},"m":"v"}`, `{"m":"v","z":{"p":0,"q":[{"j":1,"k":2}]}}`},
	}
	for _, tt := range tests {
		got, err := Canonicalize([]byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("Canonicalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCanonicalizeErrors(t *testing.T) {
	for _, in := range []string{"", " \n\t "} {
		if _, err := Canonicalize([]byte(in)); !errors.Is(err, ErrEmpty) {
			t.Errorf("Canonicalize(%q) error = %v, want ErrEmpty", in, err)
		}
	}
	bad := []string{
		`{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a:1}`,
		`"unterminated`, `"bad \x escape"`, `"\u12"`, `"\u12g4"`, "\"tab\there\"", "\"\xff\"",
		`01`, `-`, `1.`, `1e`, `.5`, `+1`, `tru`, `nul`, `falsey`, `{} {}`, `[1] x`, `NaN`,
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	}
	for _, in := range bad {
		if _, err := Canonicalize([]byte(in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("Canonicalize(%q) error = %v, want ErrMalformed", in, err)
		}
		if _, err := Hash([]byte(in)); err == nil {
			t.Errorf("Hash(%q) succeeded, want error", in)
		}
	}
	deep := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Canonicalize([]byte(deep)); err != nil {
		t.Errorf("nesting at MaxDepth rejected: %v", err)
	}
}

func TestHashFixture(t *testing.T) {
	raw, err := os.ReadFile("testdata/page.json")
	if err != nil {
		t.Fatal(err)
	}
	canon, err := Canonicalize(raw)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Hash(raw)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(canon)
	if h != hex.EncodeToString(sum[:]) {
		t.Fatalf("Hash = %s, want SHA-256 of Canonicalize = %x", h, sum)
	}
	again, err := Canonicalize(canon)
	if err != nil || !bytes.Equal(again, canon) {
		t.Fatalf("not idempotent:\n%s\n%s", canon, again)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		t.Fatal(err)
	}
	if h2, _ := Hash(compact.Bytes()); h2 != h {
		t.Errorf("compacted input hashes differently: %s vs %s", h2, h)
	}
	if !json.Valid(canon) {
		t.Errorf("canonical form is not valid JSON: %s", canon)
	}
	if bytes.ContainsAny(canon, "\n") || !bytes.Contains(canon, []byte(`caf\u00e9 and café`)) {
		t.Errorf("string contents not byte-exact: %s", canon)
	}
	if !bytes.HasPrefix(canon, []byte(`{"abstract":[{"text":`)) {
		t.Errorf("keys not sorted: %.80s", canon)
	}
	if !bytes.Contains(canon, []byte(`"numbers":[0,-1,1.50,2e10,-3.25E-4,1.0]`)) {
		t.Errorf("numbers not byte-exact: %s", canon)
	}
}

// The same members in another order and layout must hash identically.
func TestHashIgnoresKeyOrder(t *testing.T) {
	a := []byte(`{"metadata":{"title":"W","role":"symbol"},"abstract":[{"type":"text","text":"x"}],"kind":"symbol"}`)
	b := []byte(`{
	  "kind": "symbol",
	  "abstract": [ { "text": "x", "type": "text" } ],
	  "metadata": { "role": "symbol", "title": "W" }
	}`)
	ha, err := Hash(a)
	if err != nil {
		t.Fatal(err)
	}
	hb, err := Hash(b)
	if err != nil {
		t.Fatal(err)
	}
	if ha != hb {
		t.Errorf("key order changed the hash: %s vs %s", ha, hb)
	}
	c := []byte(`{"kind":"symbol","abstract":[{"text":"y","type":"text"}],"metadata":{"role":"symbol","title":"W"}}`)
	if hc, _ := Hash(c); hc == ha {
		t.Error("different content hashed the same")
	}
}

func FuzzCanonicalize(f *testing.F) {
	raw, err := os.ReadFile("testdata/page.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	for _, s := range []string{`{"b":1,"a":2}`, `[1,"x",{"c":{}}]`, `"\u00e9"`, `-1.5e3`, `{`, ``, `{"a":1,"a":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Canonicalize(in)
		// encoding/json accepts invalid UTF-8 in strings; this package does not.
		valid := json.Valid(in) && utf8.Valid(in)
		if (err == nil) != valid {
			t.Fatalf("Canonicalize(%q) error = %v, but encoding/json Valid = %v", in, err, valid)
		}
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("output not valid JSON: %q -> %q", in, out)
		}
		again, err := Canonicalize(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", in, out, again, err)
		}
		var x, y any
		if json.Unmarshal(in, &x) == nil && json.Unmarshal(out, &y) == nil {
			xs, _ := json.Marshal(x)
			ys, _ := json.Marshal(y)
			if !bytes.Equal(xs, ys) {
				t.Fatalf("meaning changed: %q -> %q", in, out)
			}
		}
	})
}

// needsLook may report false positives (the byte loop then looks closer) but
// never a false negative.
func TestNeedsLook(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for v := 0; v < 256; v++ {
			w := []byte("aaaaaaaa")
			w[pos] = byte(v)
			special := v == '"' || v == '\\' || v < 0x20 || v >= 0x80
			if got := needsLook(binary.LittleEndian.Uint64(w)); special && !got {
				t.Errorf("needsLook missed byte %#x at %d", v, pos)
			} else if !special && got {
				t.Errorf("needsLook flagged plain byte %#x at %d", v, pos)
			}
		}
	}
}
