package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/document"
)

// benchWords is a documentation-flavoured vocabulary; drawing from it with a
// skewed distribution gives FTS5 posting lists shaped roughly like real pages.
var benchWords = strings.Fields(`the a to of and in is for that you this with view use an are on by can be as
	returns value when if type object from property method data it instance or your system app default
	which not set new create use using protocol class structure func init string array dictionary number
	request response session task async await throws error completion handler closure modifier layout
	padding frame stack navigation list grid cell table collection window scene controller delegate
	notification observer publisher subscriber combine swiftui uikit appkit foundation metal texture
	buffer render pipeline shader vertex fragment image color font text label button toggle slider picker
	animation transition gesture drag tap scroll offset alignment spacing edge insets geometry proxy
	environment state binding observable published main actor sendable isolated concurrency thread queue
	dispatch operation timer date calendar locale formatter measurement unit file manager url path bundle`)

var benchNames = []string{"View", "Text", "Image", "Button", "NavigationStack", "LazyVGrid", "URLSession",
	"dataTask", "padding", "frame", "onAppear", "task", "AsyncSequence", "Publisher", "sink", "MTLDevice",
	"makeBuffer", "UIViewController", "viewDidLoad", "NSWindow", "CGFloat", "Binding", "State", "Observable"}

func syntheticText(r *rand.Rand, bytes int) string {
	var sb strings.Builder
	for sb.Len() < bytes {
		// Zipf-like: low indexes (stop words) dominate, as in prose.
		i := int(float64(len(benchWords)) * r.Float64() * r.Float64())
		sb.WriteString(benchWords[i])
		if r.IntN(12) == 0 {
			sb.WriteString(". ")
		} else {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// syntheticDoc is a typical apple-docs page: 3-8 KB of body text, its
// Markdown rendering, 0-20 symbols, a few children and platforms.
func syntheticDoc(i int) *document.Document {
	r := rand.New(rand.NewPCG(uint64(i), 42))
	name := fmt.Sprintf("%s%d", benchNames[i%len(benchNames)], i)
	framework := []string{"swiftui", "uikit", "foundation", "metal", "appkit"}[i%5]
	content := syntheticText(r, 3000+r.IntN(5000))
	doc := &document.Document{
		URI:       fmt.Sprintf("apple-docs://%s/%s/%s", framework, strings.ToLower(benchNames[(i/7)%len(benchNames)]), strings.ToLower(name)),
		Source:    document.SourceAppleDocs,
		Framework: framework, SourceFile: fmt.Sprintf("%s/%s.json", framework, name),
		Title: name, Kind: []string{"struct", "class", "method", "property", "protocol", "article"}[i%6],
		RoleHeading: "Instance Method", Language: "swift",
		Abstract:    syntheticText(r, 120),
		Declaration: fmt.Sprintf("@MainActor func %s(_ value: Int) async throws -> some View", name),
		Content:     content,
		Markdown:    "# " + name + "\n\n" + content + "\n\n```swift\nlet x = " + name + "()\n```\n",
		Platforms:   []document.Platform{{Name: "iOS", Introduced: "13.0"}, {Name: "macOS", Introduced: "10.15"}, {Name: "visionOS", Introduced: "1.0"}},
		ConformsTo:  []document.Ref{{URI: "apple-docs://swift/sendable", Title: "Sendable"}},
		ContentHash: fmt.Sprintf("%064x", i), Size: len(content) + 2000,
	}
	for c := 0; c < r.IntN(8); c++ {
		doc.Children = append(doc.Children, document.Ref{URI: fmt.Sprintf("%s/child%d", doc.URI, c), Title: fmt.Sprintf("child%d", c), Section: "Topics"})
	}
	for s := 0; s < r.IntN(21); s++ {
		doc.Symbols = append(doc.Symbols, document.Symbol{
			Name: benchNames[r.IntN(len(benchNames))], Kind: "func",
			Signature:  "func " + benchNames[r.IntN(len(benchNames))] + "(_ value: Int) -> some View",
			Attributes: []string{"MainActor"}, GenericConstraints: []string{"Content: View"},
			Origin: []string{"declaration", "example"}[s%2],
		})
	}
	if r.IntN(3) == 0 {
		doc.CodeExamples = []document.CodeExample{{Language: "swift", Code: "let x = " + name + "()\nx.run()"}}
	}
	return doc
}

// BenchmarkPut measures the single writer: Put of typical pages, batch
// commits included. Commit is outside the timer (reported separately by
// TestBuildThroughput).
func BenchmarkPut(b *testing.B) {
	dbPath := filepath.Join(b.TempDir(), "search.db")
	builder, err := Create(dbPath, testOptions())
	if err != nil {
		b.Fatal(err)
	}
	defer builder.Abort()
	docs := make([]*document.Document, 4096)
	var textBytes int
	for i := range docs {
		docs[i] = syntheticDoc(i)
		textBytes += len(docs[i].Content)
	}
	b.ResetTimer()
	cpuStart := benchkit.ProcessCPU(0)
	for i := 0; i < b.N; i++ {
		doc := *docs[i%len(docs)]
		doc.URI = fmt.Sprintf("%s-%d", doc.URI, i)
		if err := builder.Put(&doc); err != nil {
			b.Fatal(err)
		}
	}
	mustNoErr(b, builder.Flush())
	b.StopTimer()
	// The build machine is shared, so wall time overstates the cost: report
	// the CPU the writer actually used as well.
	cpu := benchkit.ProcessCPU(0) - cpuStart
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "docs/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/doc")
	if info, err := os.Stat(dbPath + ".in-flight"); err == nil {
		b.ReportMetric(float64(info.Size())/float64(b.N), "dbbytes/doc")
	}
	b.ReportMetric(float64(textBytes)/float64(len(docs)), "textbytes/doc")
}

// TestBuildThroughput builds CUPERTINO_INDEX_BENCH_DOCS synthetic pages end to
// end (Put + Commit) and logs docs/s and bytes per doc; skipped by default.
func TestBuildThroughput(t *testing.T) {
	n := 0
	fmt.Sscan(os.Getenv("CUPERTINO_INDEX_BENCH_DOCS"), &n)
	if n == 0 {
		t.Skip("set CUPERTINO_INDEX_BENCH_DOCS=N to measure a synthetic build")
	}
	dbPath := filepath.Join(t.TempDir(), "search.db")
	opts := testOptions()
	opts.SkipOptimize = os.Getenv("CUPERTINO_INDEX_BENCH_SKIP_OPTIMIZE") != ""
	b, err := Create(dbPath, opts)
	mustNoErr(t, err)
	start, cpuStart := time.Now(), benchkit.ProcessCPU(0)
	for i := 0; i < n; i++ {
		mustNoErr(t, b.Put(syntheticDoc(i)))
	}
	putTime, putCPU := time.Since(start), benchkit.ProcessCPU(0)-cpuStart
	mustNoErr(t, b.Commit(context.Background()))
	total, totalCPU := time.Since(start), benchkit.ProcessCPU(0)-cpuStart
	info, err := os.Stat(dbPath)
	mustNoErr(t, err)
	t.Logf("%d docs: put %v wall / %v cpu (%.0f docs/s by cpu), commit %v wall / %v cpu, total %.0f docs/s wall, %.0f by cpu, %d bytes/doc, skip optimize=%v",
		n, putTime.Round(time.Millisecond), putCPU.Round(time.Millisecond), float64(n)/putCPU.Seconds(),
		(total - putTime).Round(time.Millisecond), (totalCPU - putCPU).Round(time.Millisecond),
		float64(n)/total.Seconds(), float64(n)/totalCPU.Seconds(), info.Size()/int64(n), opts.SkipOptimize)
}
