package corpus

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// manifest is what a package's Package.swift declares, read with regular
// expressions: the manifest is Swift code, but its few declarations follow
// a fixed shape that every real manifest keeps to.
type manifest struct {
	ToolsVersion string
	Platforms    []string // ".iOS(.v13)"
	Products     []string // "library OrderedCollections"
	Dependencies []string // "https://github.com/apple/swift-atomics.git from: 1.0.0"
}

var (
	toolsVersionLine = regexp.MustCompile(`(?m)^//\s*swift-tools-version\s*:\s*([0-9.]+)`)
	platformEntry    = regexp.MustCompile(`\.(iOS|macOS|tvOS|watchOS|visionOS|macCatalyst|driverKit)\s*\(\s*([^)]*)\)`)
	productEntry     = regexp.MustCompile(`\.(library|executable|plugin)\s*\(\s*name\s*:\s*"([^"]+)"`)
	dependencyEntry  = regexp.MustCompile(`\.package\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)`)
	dependencyURL    = regexp.MustCompile(`(?:url|path)\s*:\s*"([^"]+)"`)
	dependencyRule   = regexp.MustCompile(`(from|exact|branch|revision)\s*:\s*"([^"]+)"|"([^"]+)"\s*\.\.[.<]\s*"([^"]+)"`)
	importLine       = regexp.MustCompile(`(?m)^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:@_exported\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?([A-Za-z_][A-Za-z0-9_.]*)`)
)

// readManifest reads dir/Package.swift with read; a package without one
// (or with one that is refused: a link, a FIFO) gives an empty manifest.
func readManifest(dir string, read func(string) ([]byte, error)) manifest {
	data, err := read(filepath.Join(dir, "Package.swift"))
	if err != nil {
		return manifest{}
	}
	return parseManifest(string(data))
}

func parseManifest(src string) manifest {
	var m manifest
	if match := toolsVersionLine.FindStringSubmatch(src); match != nil {
		m.ToolsVersion = match[1]
	}
	if at := strings.Index(src, "platforms:"); at >= 0 {
		section := src[at:]
		if end := strings.Index(section, "]"); end >= 0 {
			section = section[:end]
		}
		for _, p := range platformEntry.FindAllStringSubmatch(section, -1) {
			m.Platforms = append(m.Platforms, fmt.Sprintf(".%s(%s)", p[1], strings.TrimSpace(p[2])))
		}
	}
	for _, p := range productEntry.FindAllStringSubmatch(src, -1) {
		m.Products = append(m.Products, p[1]+" "+p[2])
	}
	for _, d := range dependencyEntry.FindAllStringSubmatch(src, -1) {
		u := dependencyURL.FindStringSubmatch(d[1])
		if u == nil {
			continue
		}
		dep := u[1]
		if r := dependencyRule.FindStringSubmatch(d[1]); r != nil {
			if r[1] != "" {
				dep += " " + r[1] + ": " + r[2]
			} else {
				dep += " " + r[3] + " to " + r[4]
			}
		}
		m.Dependencies = append(m.Dependencies, dep)
	}
	return m
}

// markdown renders the manifest as the package page's "## Package.swift".
func (m manifest) markdown() string {
	if m.ToolsVersion == "" && len(m.Products) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n## Package.swift\n\n")
	if m.ToolsVersion != "" {
		fmt.Fprintf(&b, "- Swift tools version: %s\n", m.ToolsVersion)
	}
	for _, group := range []struct {
		name  string
		items []string
	}{{"Platforms", m.Platforms}, {"Products", m.Products}, {"Dependencies", m.Dependencies}} {
		if len(group.items) > 0 {
			fmt.Fprintf(&b, "- %s: %s\n", group.name, strings.Join(group.items, "; "))
		}
	}
	return b.String()
}

// appleModules are the modules of Apple's SDKs a package may import; the
// package page lists those it does, as the original's apple_imports did.
var appleModules = func() map[string]bool {
	m := map[string]bool{}
	for _, name := range strings.Fields(`Foundation FoundationEssentials FoundationNetworking Dispatch Combine
		SwiftUI UIKit AppKit WatchKit TVUIKit os OSLog CryptoKit Security Network CoreFoundation CoreGraphics
		CoreData CoreImage CoreText CoreServices CoreLocation CoreMedia CoreVideo CoreAudio ImageIO AVFoundation
		AVKit MobileCoreServices UniformTypeIdentifiers Darwin XCTest Observation SwiftData Accelerate QuartzCore
		Synchronization RegexBuilder MapKit Photos PhotosUI WebKit SystemConfiguration CFNetwork Metal MetalKit
		GameplayKit SpriteKit SceneKit RealityKit ARKit StoreKit UserNotifications BackgroundTasks CloudKit
		Contacts EventKit HealthKit HomeKit Intents LocalAuthentication AuthenticationServices MultipeerConnectivity
		NaturalLanguage Vision CoreML CreateML Charts WidgetKit ActivityKit AppIntents Testing simd Compression
		zlib libkern ObjectiveC Cocoa SQLite3 CSQLite _Concurrency Distributed`) {
		m[name] = true
	}
	return m
}()
