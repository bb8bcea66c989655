package swiftsym

import (
	"slices"
	"strings"
	"testing"
)

func TestComponents(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"LazyVGrid", []string{"Lazy", "VGrid", "Grid"}},
		{"URLSession", []string{"URL", "Session"}},
		{"NSURLSessionDataTask", []string{"NS", "URL", "Session", "Data", "Task"}},
		{"URLSessionDataTask", []string{"URL", "Session", "Data", "Task"}},
		{"dataTask(with:completionHandler:)", []string{"data", "Task"}},
		{"AVAudioEngine", []string{"AV", "Audio", "Engine"}},
		{"UIButton", []string{"UI", "Button"}},
		{"iOS", []string{"iOS"}},
		{"macOS", []string{"macOS"}},
		{"visionOSVersion", []string{"visionOS", "Version"}},
		{"iPhone", []string{"iPhone"}},
		{"MTLTexture2D", []string{"MTL", "Texture", "2D"}},
		{"Point3D", []string{"Point", "3D"}},
		{"simd_float4x4", []string{"simd", "float", "4x4"}},
		{"UInt8", []string{"UInt", "Int", "8"}},
		{"NSHTTPURLResponse", []string{"NS", "HTTP", "URL", "Response"}},
		{"XCTestCase", []string{"XC", "Test", "Case"}},
		{"SwiftUI", []string{"Swift", "UI"}},
		{"View", []string{"View"}},
		{"Publishers.Map", []string{"Publishers", "Map"}},
		{"URLRequest.CachePolicy", []string{"URL", "Request", "Cache", "Policy"}},
		{"init(_:)", []string{"init"}},
		{"!=(_:_:)", nil},
		{"", nil},
		{"AAAA", []string{"AAAA"}},
		{"ÜberView", []string{"Über", "View"}},
		{"lazy vgrid", []string{"lazy", "vgrid"}},
		{"GridGrid", []string{"Grid"}},
		{"A", []string{"A"}},
		{"xV", []string{"xV"}},
	}
	for _, tt := range tests {
		if got := Components(tt.name); !slices.Equal(got, tt.want) {
			t.Errorf("Components(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func BenchmarkComponents(b *testing.B) {
	names := []string{"NSURLSessionDataTask", "dataTask(with:completionHandler:)", "LazyVGrid", "View", "MTLTexture2D"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Components(names[i%len(names)])
	}
}

func TestCamelWords(t *testing.T) {
	for in, want := range map[string]string{
		"AVFoundation":                 "AV Foundation",
		"CoreMLTools":                  "Core ML Tools",
		"CoreBluetooth":                "Core Bluetooth",
		"SwiftUI":                      "Swift UI",
		"Metal3D":                      "Metal3 D",
		"MetalPerformanceShadersGraph": "Metal Performance Shaders Graph",
		"CoreWLAN":                     "Core WLAN",
		"URLSession":                   "URL Session",
		"swift":                        "swift",
		"":                             "",
	} {
		if got := strings.Join(CamelWords(in), " "); got != want {
			t.Errorf("CamelWords(%q) = %q, want %q", in, got, want)
		}
	}
}
