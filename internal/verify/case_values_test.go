package verify

import (
	"fmt"
	"strings"
	"testing"
)

// argsTable is a graph table that also knows the arguments declarations
// write for generic types (genericEvidence).
type argsTable struct {
	graphTable
	args map[string][]string
}

func (t argsTable) GenericArguments(name string) ([]string, error) { return t.args[name], nil }

// storeKitGraph documents VerificationResult<SignedType> with its two cases,
// and the types its declarations write as its argument.
func storeKitGraph(args ...string) argsTable {
	g := graphWith(func(d *memGraph) {
		result := addFilledType(d, "apple-docs://storekit/verificationresult", "VerificationResult", "enum", "storekit")
		result("verified(_:)", "case", "case verified(SignedType)")
		result("unverified(_:_:)", "case", "case unverified(SignedType, VerificationResult<SignedType>.VerificationError)")
		addFilledType(d, "apple-docs://storekit/transaction", "Transaction", "struct", "storekit")("productID", "property", "let productID: String")
		addFilledType(d, "apple-docs://storekit/apptransaction", "AppTransaction", "struct", "storekit")("appVersion", "property", "let appVersion: String")
		for _, n := range []string{"RenewalInfo", "OfferInfo", "RefundInfo"} {
			addFilledType(d, "apple-docs://storekit/"+strings.ToLower(n), n, "struct", "storekit")
		}
		addFilledType(d, "apple-docs://storekit/verificationresult/verificationerror", "VerificationResult.VerificationError", "enum", "storekit")("localizedDescription", "property", "var localizedDescription: String")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "VerificationResult", Kind: "enum", Module: "storekit", URI: "apple-docs://storekit/verificationresult"},
		{Name: "Transaction", Kind: "struct", Module: "storekit", URI: "apple-docs://storekit/transaction"},
		{Name: "AppTransaction", Kind: "struct", Module: "storekit", URI: "apple-docs://storekit/apptransaction"},
		{Name: "RenewalInfo", Kind: "struct", Module: "storekit", URI: "apple-docs://storekit/renewalinfo"},
		{Name: "OfferInfo", Kind: "struct", Module: "storekit", URI: "apple-docs://storekit/offerinfo"},
		{Name: "RefundInfo", Kind: "struct", Module: "storekit", URI: "apple-docs://storekit/refundinfo"},
	})
	return argsTable{g, map[string][]string{"VerificationResult": args}}
}

// TestCaseValues: a name a case pattern binds is the case's value: one of
// the documented types written as the enumeration's argument when the
// value is its generic parameter, the value's own type otherwise.
func TestCaseValues(t *testing.T) {
	loop := func(body string) string {
		return "import StoreKit\n\nfunc f(results: [Any]) {\n    for result in results {\n" + body + "    }\n}\n"
	}
	documented := []string{"Transaction", "AppTransaction", "SignedType", "Any"}
	cases := []struct {
		name, code string
		args       []string
		want       []string // "line Symbol" of the typed findings
	}{
		{"a member no argument type has", loop("        guard case .verified(let transaction) = result else { continue }\n        print(transaction.isRefunded)\n"), documented, []string{"6 Transaction.isRefunded"}},
		{"a member of one argument type or another", loop("        if case .verified(let t) = result {\n            print(t.productID, t.appVersion)\n        }\n"), documented, nil},
		{"a case nested in another's pattern", loop("        if case .success(.verified(let t)) = result { print(t.isRevoked) }\n"), documented, []string{"5 Transaction.isRevoked"}},
		{"a case's second value, of a documented type", loop("        if case .unverified(_, let error) = result { print(error.reason) }\n"), documented, []string{"5 VerificationResult.VerificationError.reason"}},
		{"an argument type with no page", loop("        if case .verified(let t) = result { print(t.isRefunded) }\n"), []string{"Transaction", "MyReceipt"}, nil},
		{"more argument types than a few", loop("        if case .verified(let t) = result { print(t.isRefunded) }\n"), []string{"Transaction", "AppTransaction", "RenewalInfo", "OfferInfo", "RefundInfo"}, nil},
		{"as many argument types as a few", loop("        if case .verified(let t) = result { print(t.isRefunded) }\n"), []string{"Transaction", "AppTransaction", "RenewalInfo", "OfferInfo"}, []string{"5 Transaction.isRefunded"}},
		{"a case the file declares", "import StoreKit\n\nenum Check { case verified(Int) }\n\nfunc f(c: Check) {\n    if case .verified(let t) = c { print(t.isRefunded) }\n}\n", documented, nil},
		{"a name a property binds too", "import StoreKit\n\nfinal class M {\n    var t = 0\n    func f(result: Any) {\n        if case .verified(let t) = result { print(t) }\n        print(t.bitWidth)\n    }\n}\n", documented, nil},
		{"a name two patterns bind from two cases", loop("        if case .verified(let t) = result { print(t.isRefunded) }\n        if case .unverified(_, let t) = result { print(t.reason) }\n"), documented, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			found := map[string]Status{}
			for _, r := range checkTypedOn(t, storeKitGraph(tc.args...), tc.code) {
				found[fmt.Sprint(r.Line, " ", r.Symbol)] = r.Status
			}
			wantTypeFindings(t, found, tc.want...)
		})
	}
	t.Run("a case two enumerations have", func(t *testing.T) {
		g := storeKitGraph(documented...)
		addFilledType(g.g.src.(*memGraph), "apple-docs://storekit/receiptcheck", "ReceiptCheck", "enum", "storekit")("verified(_:)", "case", "case verified(Transaction)")
		g.g = newSymbolGraph(g.g.src.(*memGraph))
		if got := checkTypedOn(t, g, loop("        if case .verified(let t) = result { print(t.isRefunded) }\n")); len(got) > 0 {
			t.Errorf("want no typed finding, got %+v", got)
		}
	})
	if got := caseAssociatedValues("case unverified(SignedType, error: VerificationResult<SignedType>.VerificationError)"); len(got) != 2 || got[1] != "VerificationResult<SignedType>.VerificationError" {
		t.Errorf("caseAssociatedValues = %q", got)
	}
}
