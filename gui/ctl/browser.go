package ctl

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fabviz/fabviz/data/fvlog"
)

// Entry is one line of the file browser.
type Entry struct {
	Name string
	Dir  bool
}

// Browser is the Files panel's file browser: a directory and its entries,
// directories first, then files, each sorted by name; hidden entries
// (starting with a dot) are left out. ".." leads up unless at the root.
type Browser struct {
	Dir     string
	Entries []Entry
	Err     error // the directory could not be read (the list is empty)
}

// NewBrowser opens a browser at dir (made absolute).
func NewBrowser(dir string) *Browser {
	b := &Browser{}
	b.Open(dir)
	return b
}

// Open lists a directory. On failure the previous directory stays and Err
// says why.
func (b *Browser) Open(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		b.Err = err
		return
	}
	des, err := os.ReadDir(abs)
	if err != nil {
		b.Err = err
		return
	}
	var dirs, files []Entry
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir := de.IsDir()
		if de.Type()&os.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(abs, name)); err == nil {
				isDir = fi.IsDir()
			}
		}
		if isDir {
			dirs = append(dirs, Entry{name, true})
		} else {
			files = append(files, Entry{name, false})
		}
	}
	byName := func(a, b Entry) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(dirs, byName)
	slices.SortFunc(files, byName)
	b.Entries = b.Entries[:0]
	if filepath.Dir(abs) != abs {
		b.Entries = append(b.Entries, Entry{"..", true})
	}
	b.Entries = append(append(b.Entries, dirs...), files...)
	b.Dir, b.Err = abs, nil
}

// Choose acts on a clicked entry: a directory is entered and "" returned;
// a file's full path is returned.
func (b *Browser) Choose(e Entry) string {
	if e.Dir {
		if e.Name == ".." {
			b.Open(filepath.Dir(b.Dir))
		} else {
			b.Open(filepath.Join(b.Dir, e.Name))
		}
		return ""
	}
	return filepath.Join(b.Dir, e.Name)
}

// Kinds of file the Files panel loads, with their §6 command.
var Kinds = []string{"model", "param", "job", "init"}

// KindOf is the kind of a file: from its first lines when they tell (a
// §5 log's magic and counter, a model or initialisation file's keywords),
// else from its name: .fvm model, .ini init, .fvj or a name with "job"
// job, anything else a parameter file (§3 files have no fixed extension,
// and a job file's lines look like a parameter file's).
func KindOf(path string) string {
	switch k := sniff(path); k {
	case "":
		return kindOfName(path)
	case "data":
		if kindOfName(path) == "job" {
			return "job"
		}
		return "param"
	default:
		return k
	}
}

func kindOfName(path string) string {
	base := strings.ToLower(filepath.Base(path))
	switch ext := filepath.Ext(base); {
	case ext == ".fvm":
		return "model"
	case ext == ".ini":
		return "init"
	case ext == ".fvj" || strings.Contains(base, "job"):
		return "job"
	}
	return "param"
}

// Keywords that start lines of only one kind of file.
var (
	modelWords = wordSet("name planes rows columns ports port-base processor-ports network-ports wrap routes route-encoding lft portdef rowdef logical-row switch link hostname hostname-format")
	initWords  = wordSet("model-dir data-dir range color colormap job-seed")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// sniffLines is how many lines sniff reads at most.
const sniffLines = 64

// sniff is the kind the first lines of a file tell: "data" for a §3 line
// (parameter or job), "" when they do not tell.
func sniff(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	return sniffReader(f)
}

// sniffReader is sniff on the file's contents.
func sniffReader(r io.Reader) string {
	sc := bufio.NewScanner(io.LimitReader(r, 64<<10))
	for n := 0; n < sniffLines && sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if n == 0 && fvlog.Sniff([]byte(line)) {
			return logKind(sc)
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)[0]
		switch {
		case modelWords[w]:
			return "model"
		case initWords[w]:
			return "init"
		}
		return "data" // a data line: its name tells parameter from job
	}
	return ""
}

// logKind reads a §5 log's header: `#! counter job` makes it a job log.
func logKind(sc *bufio.Scanner) string {
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || f[0] != "#!" {
			break
		}
		if f[1] == "counter" && len(f) > 2 {
			if f[2] == "job" {
				return "job"
			}
			return "param"
		}
	}
	return "param"
}

// StartDir is where the browser starts for a kind: the init file's model
// directory for models, its data directory for the others, each taken
// relative to base (the working directory) when relative; "." when empty.
func StartDir(kind, modelDir, dataDir, base string) string {
	d := dataDir
	if kind == "model" {
		d = modelDir
	}
	if d == "" {
		d = "."
	}
	if !filepath.IsAbs(d) {
		d = filepath.Join(base, d)
	}
	return d
}
