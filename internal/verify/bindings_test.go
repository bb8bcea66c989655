package verify

import (
	"fmt"
	"testing"
)

// TestLocalNamedLikeAnOptionalProperty: a local bound in a method
// (`let monitor = NWPathMonitor()`) beside the class's optional stored
// property of the same type and name (`private var monitor:
// NWPathMonitor?`), the idiom that stores the value at the end, agrees
// with it: members written on the name, and the parameters of a closure
// assigned to one, are checked on the type. Two optional bindings agree on
// nothing (`monitor.map` would be Optional's).
func TestLocalNamedLikeAnOptionalProperty(t *testing.T) {
	const local = `import Network

final class Watcher {
    private var monitor: NWPathMonitor?
    func start() {
        let monitor = NWPathMonitor()
        monitor.pathUpdateHandler = { path in
            print(path.isConnected)
        }
        monitor.startWatching()
        self.monitor = monitor
    }
}
`
	const optionals = `import Network

final class Watcher {
    private var monitor: NWPathMonitor?
    func start() {
        var monitor: NWPathMonitor? = nil
        monitor.startWatching()
    }
}
`
	findings := func(code string) map[string]bool {
		out := map[string]bool{}
		g := closureGraph()
		g.MemTable.Add(SymbolInfo{Name: "NWPathMonitor", Kind: "class", Module: "Network"})
		for _, r := range checkCode(t, g, Options{}, File{Code: code}).Findings {
			if r.Status.SaysMissing() {
				out[fmt.Sprint(r.Line, " ", r.Symbol)] = true
			}
		}
		return out
	}
	got := findings(local)
	for _, want := range []string{"8 NWPath.isConnected", "10 NWPathMonitor.startWatching"} {
		if !got[want] {
			t.Errorf("no finding for %s: %v", want, got)
		}
	}
	if got := findings(optionals); got["7 NWPathMonitor.startWatching"] {
		t.Errorf("two optional bindings agreed: %v", got)
	}
}
