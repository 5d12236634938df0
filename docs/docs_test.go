package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/testtool"
)

// binDir holds fabnet and fabviz built from this tree for the tests.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fabviz-docs-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := build(dir)
	if code == 0 {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

func build(dir string) int {
	for _, b := range []struct{ name, cgo string }{{"fabnet", "0"}, {"fabviz", "1"}} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, b.name), "github.com/fabviz/fabviz/cmd/"+b.name)
		cmd.Env = append(os.Environ(), "CGO_ENABLED="+b.cgo)
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n%s", b.name, err, out)
			return 1
		}
	}
	return 0
}

// pages are the documents a user reads, relative to the repository root.
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, filepath.Join("docs", d))
	}
	return out
}

// A session is one `$ command` a page shows and the output it shows after it.
type session struct {
	page  string
	line  int
	block int // sessions of one code block run one after the other in one directory
	cmd   string
	want  []string
}

// sessions finds the indented code blocks of a page whose lines start with
// "$ ": each such line is a command, the lines after it up to the next
// command or the end of the block are its output (see matchesSuffix).
func sessions(page string, text []byte) []session {
	var out []session
	var cur *session
	sc := bufio.NewScanner(bytes.NewReader(text))
	n, block, inBlock, indent := 0, 0, false, 0
	for sc.Scan() {
		n++
		line := sc.Text()
		body, indented := strings.CutPrefix(line, "    ")
		indented = indented && strings.TrimSpace(body) != ""
		if indented && !inBlock {
			block++
		}
		inBlock = indented
		switch {
		case indented && strings.HasPrefix(strings.TrimSpace(body), "$ "):
			indent = len(line) - len(strings.TrimLeft(line, " "))
			out = append(out, session{page: page, line: n, block: block, cmd: strings.TrimPrefix(strings.TrimSpace(body), "$ ")})
			cur = &out[len(out)-1]
		case indented && cur != nil:
			// output keeps its own indentation, less the block's
			cur.want = append(cur.want, strings.TrimRight(strings.TrimPrefix(line, strings.Repeat(" ", indent)), " \t"))
		default:
			cur = nil
		}
	}
	return out
}

// sandbox makes a working directory that looks like the repository to the
// commands a page shows (a link to each top-level folder, bin/ holding the
// programs built for the test) but keeps what they write out of the tree.
func sandbox(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"bin": binDir}
	top, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range top {
		if name := e.Name(); name != "bin" && !strings.HasPrefix(name, ".") {
			links[name] = filepath.Join(root, name)
		}
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// matchesSuffix reports whether got is what want shows: line for line,
// where a wanted line "..." stands for any number of lines and "...TEXT"
// for one line that ends in TEXT.
func matchesSuffix(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	w := want[0]
	if w == "..." {
		for i := 0; i <= len(got); i++ {
			if matchesSuffix(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	ok := got[0] == w
	if rest, cut := strings.CutPrefix(w, "..."); cut {
		ok = strings.HasSuffix(got[0], rest)
	}
	return ok && matchesSuffix(got[1:], want[1:])
}

// noise are lines a command may print that a page leaves out: the
// simulator library's greeting on standard error.
var noise = regexp.MustCompile(`^ibwarn: `)

func run(t *testing.T, dir, script string, env ...string) []string {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "BIN="+binDir)
	cmd.Env = append(cmd.Env, env...)
	out, _ := cmd.CombinedOutput()
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if l = strings.TrimRight(l, " \t"); l != "" && !noise.MatchString(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestShownCommands runs every `$ command` of every page and compares what
// it prints with what the page shows.
func TestShownCommands(t *testing.T) {
	total := 0
	for _, page := range pages(t) {
		text, err := os.ReadFile(filepath.Join("..", page))
		if err != nil {
			t.Fatal(err)
		}
		dirs := map[int]string{}
		for _, s := range sessions(page, text) {
			total++
			if dirs[s.block] == "" {
				dirs[s.block] = sandbox(t)
			}
			got := run(t, dirs[s.block], s.cmd)
			if !matchesSuffix(got, s.want) {
				t.Errorf("%s:%d: $ %s\nprinted:\n  %s\nthe page shows:\n  %s", s.page, s.line, s.cmd,
					strings.Join(got, "\n  "), strings.Join(s.want, "\n  "))
			}
		}
	}
	if total < 4 {
		t.Fatalf("found %d shown commands; README.md alone shows four", total)
	}
}

// recipeMark introduces a recipe in a page: the fenced block after it must
// be the script, byte for byte.
var recipeMark = regexp.MustCompile(`<!-- recipe: (docs/recipes/[A-Za-z0-9_.-]+) -->\n+` + "```" + `(?:sh|bash)\n((?s:.*?))` + "```")

// TestRecipesShown checks that each recipe a page shows is the script the
// tests run, and that every script is shown somewhere.
func TestRecipesShown(t *testing.T) {
	shown := map[string]bool{}
	for _, page := range pages(t) {
		text, err := os.ReadFile(filepath.Join("..", page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range recipeMark.FindAllSubmatch(text, -1) {
			path := string(m[1])
			script, err := os.ReadFile(filepath.Join("..", path))
			if err != nil {
				t.Errorf("%s shows %s: %v", page, path, err)
				continue
			}
			if !bytes.Equal(script, m[2]) {
				t.Errorf("%s shows %s, but the block differs from the script", page, path)
			}
			shown[path] = true
		}
	}
	scripts, _ := filepath.Glob("recipes/*.sh")
	for _, s := range scripts {
		if !shown["docs/"+s] {
			t.Errorf("docs/%s is shown in no page (mark it with <!-- recipe: docs/%s -->)", s, s)
		}
	}
}

// TestRecipes runs every recipe script against a simulated fabric, as a
// user would from the repository after `make build`, and checks that it did
// what its page says.
func TestRecipes(t *testing.T) {
	testtool.Require(t, "ibsim", "opensm", "ibnetdiscover", "dump_fts", "perfquery")
	cases := []struct {
		script string
		check  func(t *testing.T, dir string, out []string)
	}{
		{"import-ibsim.sh", checkImport},
		{"collect-ibsim.sh", checkCollect},
	}
	for i, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			dir := t.TempDir()
			script, _ := filepath.Abs(filepath.Join("recipes", c.script))
			got := run(t, dir, "bash "+script+"; echo exit $?", fmt.Sprintf("IBSIM_SOCKNAME=fabviz-docs-%d-%d", os.Getpid(), i))
			if len(got) == 0 || got[len(got)-1] != "exit 0" {
				t.Fatalf("%s failed:\n  %s", c.script, strings.Join(got, "\n  "))
			}
			c.check(t, dir, got[:len(got)-1])
		})
	}
}

// checkImport: every route imported and checked, and a picture drawn.
func checkImport(t *testing.T, dir string, out []string) {
	want := []string{"...", "...tables.lft: 256 routes, 0 bad, 0 missing", "ok: 6 switches, 216 ports, 16 nodes, 16 links, 256 routes", "..."}
	if !matchesSuffix(out, want) {
		t.Errorf("printed:\n  %s", strings.Join(out, "\n  "))
	}
	st, err := os.Stat(filepath.Join(dir, "ibsim-fattree", "fabric.png"))
	if err != nil || st.Size() < 10000 {
		t.Errorf("no picture: %v", err)
	}
}

// checkCollect: the 20 symbol errors set through the console appear at
// leaf02.2, in one step, and nowhere else in that port's series.
func checkCollect(t *testing.T, dir string, out []string) {
	last := strings.Fields(out[len(out)-1])
	if len(last) != 6 || last[0] != "leaf02.2" {
		t.Fatalf("last line %q: want leaf02.2 and five values", out[len(out)-1])
	}
	sum, nonzero := 0, 0
	for _, v := range last[1:] {
		if v == "-" {
			continue // a step the collector could not read (a loaded machine): a gap
		}
		var n int
		if _, err := fmt.Sscan(v, &n); err != nil {
			t.Fatalf("value %q: %v", v, err)
		}
		if n != 0 {
			sum += n
			nonzero++
		}
	}
	if sum != 20 || nonzero != 1 {
		t.Errorf("leaf02.2 %v: want 20 symbol errors in one step", last[1:])
	}
}
