package swiftsym

import "testing"

func TestExtractCFamily(t *testing.T) {
	header := `#import <UIKit/UIKit.h>
@protocol Forward;
/// A view that draws.
@interface CanvasView : UIView <UIGestureRecognizerDelegate>
@property (nonatomic, strong) UIColor *strokeColor;
- (void)drawStrokeFrom:(CGPoint)start
                    to:(CGPoint)end;
+ (instancetype)canvasWithFrame:(CGRect)frame;
@end
`
	got := map[string]string{}
	for _, s := range ExtractCFamily(header, false) {
		got[s.Name] = s.Kind
	}
	for name, kind := range map[string]string{
		"CanvasView": KindObjCClass, "strokeColor": KindObjCProperty,
		"drawStrokeFrom:to:": KindObjCMethod, "canvasWithFrame:": KindObjCMethod,
	} {
		if got[name] != kind {
			t.Errorf("%s: kind %q, want %q (all: %v)", name, got[name], kind, got)
		}
	}
	if _, ok := got["Forward"]; ok {
		t.Error("a forward @protocol declaration was read as a declaration")
	}
	metal := "#include <metal_stdlib>\nusing namespace metal;\nkernel void grayscale(texture2d<half, access::read> in [[texture(0)]],\n  uint2 gid [[thread_position_in_grid]]) {}\nvertex VertexOut vertexShader(uint vid [[vertex_id]]) {}\nfloat helper(float x) { return x; }\n"
	names := map[string]bool{}
	for _, s := range ExtractCFamily(metal, true) {
		names[s.Name] = true
	}
	if !names["grayscale"] || !names["vertexShader"] || names["helper"] {
		t.Errorf("Metal entry points = %v", names)
	}
}
