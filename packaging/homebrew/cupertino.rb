# Homebrew formula for cupertino. It builds from the release's source archive
# with cgo (Xcode's clang compiles tree-sitter), so a Homebrew install is the
# full build on macOS, unlike the cgo-free darwin archives. `make release`
# writes dist/cupertino.rb with the tag's url and sha256 filled in; copy that
# into the tap.
class Cupertino < Formula
  desc "Apple developer documentation, indexed locally and served to AI agents over MCP"
  homepage "https://github.com/cupertino-go/cupertino"
  url "https://github.com/cupertino-go/cupertino/releases/download/v0.1.0/cupertino_0.1.0_source.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/cupertino-go/cupertino.git", branch: "main"

  depends_on "go" => :build

  def install
    ENV["CGO_ENABLED"] = "1"
    system "go", "build", *std_go_args(ldflags: "-s -w -X main.version=v#{version}"), "./cmd/cupertino"
  end

  def caveats
    <<~EOS
      Get the index:      cupertino setup
      Check everything:   cupertino doctor
      Connect Claude Code: claude mcp add --scope user cupertino -- #{opt_bin}/cupertino serve
      Other clients: https://github.com/cupertino-go/cupertino/blob/main/docs/clients.md
    EOS
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/cupertino --version")
    # No index yet: doctor says where it looked and exits 1.
    assert_match "search.db", shell_output("#{bin}/cupertino doctor --base-dir #{testpath} 2>&1", 1)
  end
end
