package agent

import (
	"errors"
	"testing"
)

func TestExtractCode(t *testing.T) {
	tests := []struct {
		name, reply, want string
		err               error
	}{
		{
			name:  "prose around one block",
			reply: "Sure! Here you go:\n\n```swift\nlet a = 1\n```\n\nThis declares a constant.",
			want:  "let a = 1\n",
		},
		{
			name:  "several blocks joined in order, shell dropped",
			reply: "Model:\n```swift\nstruct A {}\n```\nRun it:\n```bash\nswift run\n```\nView:\n```Swift\nstruct B {}\n```",
			want:  "struct A {}\n\nstruct B {}\n",
		},
		{
			name:  "untagged fence counts",
			reply: "```\nimport SwiftUI\n```",
			want:  "import SwiftUI\n",
		},
		{
			name:  "tilde fence with info string",
			reply: "~~~swift title=\"A.swift\"\nlet x = 2\n~~~",
			want:  "let x = 2\n",
		},
		{
			name:  "unterminated fence runs to the end",
			reply: "```swift\nfunc f() {\n    print(1)\n",
			want:  "func f() {\n    print(1)\n",
		},
		{
			name:  "fence inside a list item is dedented",
			reply: "1. Add this:\n   ```swift\n   let y = 3\n   ```\n",
			want:  "let y = 3\n",
		},
		{
			name:  "bare code without fences",
			reply: "import Foundation\n\nstruct Point {\n    var x: Double\n}\n",
			want:  "import Foundation\n\nstruct Point {\n    var x: Double\n}\n",
		},
		{
			name:  "prose only",
			reply: "I cannot verify that API, so I would rather not write code for it.\nPlease check the documentation.",
			err:   ErrNoCode,
		},
		{
			name:  "only non-Swift blocks",
			reply: "Run:\n```sh\nxcodebuild\n```",
			err:   ErrNoCode,
		},
		{name: "empty", reply: "", err: ErrNoCode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ExtractCode(tt.reply)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
