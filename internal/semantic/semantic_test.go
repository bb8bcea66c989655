package semantic

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
)

// corpus builds texts where two topics never share a word: loading words
// (progress, spinner, indicator, activity) and sound words (audio, play,
// volume, speaker), plus filler so the vocabulary is large enough.
func corpus() [][]string {
	var texts [][]string
	topics := [][]string{
		{"progress", "spinner", "indicator", "activity", "loading", "busy"},
		{"audio", "play", "volume", "speaker", "sound", "music"},
		{"location", "map", "coordinate", "latitude", "gps", "region"},
	}
	for i := range 600 {
		t := topics[i%len(topics)]
		var text []string
		for j := range 5 {
			text = append(text, t[(i+j*7)%len(t)])
		}
		text = append(text, fmt.Sprintf("filler%d", i%150), fmt.Sprintf("noise%d", (i*7)%130))
		texts = append(texts, text)
	}
	return texts
}

func TestTrainIsDeterministicAndGroupsTopics(t *testing.T) {
	a, err := Train(corpus())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Train(corpus())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Encode(), b.Encode()) {
		t.Fatal("two trainings on the same corpus differ")
	}
	spinner := Quantize(a.Embed([]string{"spinner"}))
	progress := Quantize(a.Embed([]string{"progress", "indicator"}))
	audio := Quantize(a.Embed([]string{"audio", "speaker"}))
	if near, far := Dot(spinner, progress), Dot(spinner, audio); near <= far {
		t.Errorf("spinner·progress = %.3f, spinner·audio = %.3f: words of one topic must be nearer", near, far)
	}
}

// trainedAndDecoded trains a model on corpus() and decodes its encoding.
func trainedAndDecoded(t *testing.T) (trained, decoded *Model) {
	t.Helper()
	m, err := Train(corpus())
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	return m, d
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	m, d := trainedAndDecoded(t)
	if d.Len() != m.Len() {
		t.Fatalf("decoded %d words, want %d", d.Len(), m.Len())
	}
	q1 := Quantize(m.Embed([]string{"gps", "map"}))
	q2 := Quantize(d.Embed([]string{"gps", "map"}))
	if s := Dot(q1, q2); s < 0.98 {
		t.Errorf("a decoded model embeds differently: similarity %.3f", s)
	}
	if _, err := Train(corpus()[:3]); err != ErrTooSmall {
		t.Errorf("a tiny corpus: err = %v, want ErrTooSmall", err)
	}
}

// encodeUnsorted writes a model in the first stored form ("CSEM1"), its
// words in training order, as indexes built before the sorted form hold it.
func encodeUnsorted(m *Model) []byte {
	words := make([]string, len(m.words))
	for w, i := range m.words {
		words[i] = w
	}
	out := append([]byte(magicUnsorted), byte(Dim), byte(Dim>>8))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(words)))
	for i, w := range words {
		out = append(out, byte(len(w)))
		out = append(out, w...)
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.weights[i]))
		out = append(out, Quantize(m.vectors[i])...)
	}
	for _, x := range m.pc {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	return out
}

func TestDecodeEarlierFormAndOrder(t *testing.T) {
	m, err := Train(corpus())
	if err != nil {
		t.Fatal(err)
	}
	sorted := m.Encode()
	old, err := Decode(encodeUnsorted(m))
	if err != nil {
		t.Fatalf("the unsorted form no longer decodes: %v", err)
	}
	if !bytes.Equal(old.Encode(), sorted) {
		t.Error("the unsorted form decodes to a different model")
	}
	d, err := Decode(sorted)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"audio", "filler7", "zzz", "", "progress"} {
		if d.Knows(w) != m.Knows(w) {
			t.Errorf("Knows(%q) = %v decoded, %v trained", w, d.Knows(w), m.Knows(w))
		}
	}
	// Two entries swapped: the binary search would miss words, so the
	// model is refused.
	bad, _ := Decode(sorted)
	first, second := bad.offsets[0], bad.offsets[1]
	swapped := append([]byte{}, sorted[:len(magic)+6]...)
	swapped = append(swapped, bad.entries[second:bad.offsets[2]]...)
	swapped = append(swapped, bad.entries[first:second]...)
	swapped = append(swapped, sorted[len(magic)+6+int(bad.offsets[2]):]...)
	if _, err := Decode(swapped); !errors.Is(err, ErrCorrupt) {
		t.Errorf("words out of order: err = %v, want ErrCorrupt", err)
	}
}

func TestMatrixNearest(t *testing.T) {
	m, _ := Train(corpus())
	var x Matrix
	for i, words := range [][]string{{"audio", "play"}, {"spinner", "loading"}, {"map", "region"}} {
		x.IDs = append(x.IDs, int64(100+i))
		x.Vectors = append(x.Vectors, Quantize(m.Embed(words))...)
	}
	y, err := DecodeMatrix(x.Encode())
	if err != nil {
		t.Fatal(err)
	}
	idx, _ := y.Nearest(Quantize(m.Embed([]string{"progress", "busy"})), 2)
	if len(idx) != 2 || y.IDs[idx[0]] != 101 {
		t.Errorf("nearest to progress/busy = %v, want id 101 first", idx)
	}
}

func TestCamelParts(t *testing.T) {
	got := fmt.Sprint(Words("UIViewController isIdleTimerDisabled URLSession"))
	if want := "[ui view controller idle timer disabled url session]"; got != want {
		t.Errorf("Words = %s, want %s", got, want)
	}
}

func FuzzDecode(f *testing.F) {
	m, _ := Train(corpus())
	f.Add(m.Encode())
	f.Add([]byte("CSEM1"))
	f.Add(encodeUnsorted(m))
	f.Fuzz(func(t *testing.T, b []byte) {
		Decode(b)
		DecodeMatrix(b)
	})
}

func BenchmarkMatrixNearest(b *testing.B) {
	m, _ := Train(corpus())
	var x Matrix
	for i := range 35000 {
		x.IDs = append(x.IDs, int64(i))
		x.Vectors = append(x.Vectors, Quantize(m.Embed([]string{fmt.Sprintf("filler%d", i%150), "audio"}))...)
	}
	q := Quantize(m.Embed([]string{"progress", "spinner"}))
	b.ResetTimer()
	for range b.N {
		x.Nearest(q, 40)
	}
}

// TestEachWord: a trained and a decoded model list the same words with
// the same weights, the decoded one in byte order.
func TestEachWord(t *testing.T) {
	m, d := trainedAndDecoded(t)
	trained := map[string]float32{}
	m.EachWord(func(w string, weight float32) { trained[w] = weight })
	var order []string
	d.EachWord(func(w string, weight float32) {
		order = append(order, w)
		if want, ok := trained[w]; !ok || want != weight {
			t.Errorf("decoded %q weighs %g, trained %g (known %v)", w, weight, want, ok)
		}
	})
	if len(order) != len(trained) || len(order) != m.Len() {
		t.Errorf("decoded %d words, trained %d, Len %d", len(order), len(trained), m.Len())
	}
	if !slices.IsSorted(order) {
		t.Error("a decoded model's words are not in byte order")
	}
	var none *Model
	none.EachWord(func(string, float32) { t.Error("a nil model has a word") })
}
