package gui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/pngfile"
	"github.com/fabviz/fabviz/internal/textio"
)

// shotFrames is how many frames are drawn before a screenshot is read:
// imgui sizes new windows on their first frames.
const shotFrames = 3

type shot struct {
	path     string
	frames   int
	lastTick float64
	line     int // script line that asked, for its error
}

// takeShot writes a pending screenshot once enough frames are drawn; the
// back buffer holds the whole window, panels included.
func (a *App) takeShot() {
	if a.shot == nil {
		return
	}
	if a.shot.frames--; a.shot.frames > 0 {
		return
	}
	s := a.shot
	a.shot = nil
	if err := pngfile.Write(s.path, a.win.Read()); err != nil {
		a.scriptFail(s.line, fmt.Errorf("screenshot: %w", err))
		a.p.console.Add("screenshot: "+err.Error(), true)
		return
	}
	a.p.console.Add("wrote "+s.path, false)
}

// script is a script being run in the window, a line a frame.
type script struct {
	file  string
	lines []scriptLine
	next  int
}

type scriptLine struct {
	n int
	f []textio.Field
}

func readScript(path string) (*script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &script{file: path}
	lr := textio.NewLineReader(path, f, 64<<10)
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
		fields, err := textio.Fields(line)
		if err != nil {
			return nil, textio.Errorf(path, lr.Line(), "%v", err)
		}
		if len(fields) > 0 {
			s.lines = append(s.lines, scriptLine{lr.Line(), fields})
		}
	}
}

// scriptStep runs the next script line; at the end the window closes.
func (a *App) scriptStep() {
	s := a.script
	if s == nil {
		return
	}
	if s.next >= len(s.lines) {
		a.quit = true
		return
	}
	l := s.lines[s.next]
	s.next++
	words := make(ctl.Cmd, len(l.f))
	for i, f := range l.f {
		words[i] = f.Text
	}
	a.p.console.Add(fmt.Sprintf("%s:%d> %s", filepath.Base(s.file), l.n, words), false)
	if err := a.command(l.f); err != nil {
		a.p.console.Add(err.Error(), true)
		a.scriptFail(l.n, err)
	}
	if a.shot != nil {
		a.shot.line = l.n
	}
}

func (a *App) scriptFail(line int, err error) {
	if a.script == nil {
		return
	}
	a.err = &textio.Error{File: a.script.file, Line: line, Msg: err.Error(), Err: err}
	a.quit = true
}

// command runs one command of a script or the console: §6 commands through
// the interpreter, and the GUI's own (see docs/guide.md).
func (a *App) command(f []textio.Field) error {
	if len(f) == 0 {
		return nil
	}
	words := make(ctl.Cmd, len(f))
	for i, x := range f {
		words[i] = x.Text
	}
	if gc, ok := guiCommands[words[0]]; ok {
		if len(words)-1 != gc.args {
			return fmt.Errorf("%s: want %d argument(s), got %d (usage: %s)", words[0], gc.args, len(words)-1, gc.usage)
		}
		if err := gc.run(a, words[1:]); err != nil {
			return fmt.Errorf("%s: %w", words[0], err)
		}
		return nil
	}
	err := a.exec(words)
	if err == nil && words[0] == "select" {
		a.lookAt(words[1])
	}
	return err
}

type guiCommand struct {
	args  int
	usage string
	run   func(a *App, w []string) error
}

// guiCommands are commands of the window only (scripts run by `fabviz run`
// do not know them).
var guiCommands = map[string]guiCommand{
	// open loads a file as the Files panel does: in the background, an
	// error shown in the panel and the previous state kept; a script goes
	// on after it.
	"open": {2, "open model|param|job|init PATH", func(a *App, w []string) error {
		if _, err := choose(w[0], ctl.Kinds); err != nil {
			return err
		}
		a.load(w[0], w[1], false)
		return nil
	}},
	"panel": {2, "panel NAME open|closed", func(a *App, w []string) error {
		i, err := choose(w[0], panelNames)
		if err != nil {
			return err
		}
		j, err := choose(w[1], []string{"closed", "open"})
		if err != nil {
			return err
		}
		a.p.setOpen[i] = j + 1
		return nil
	}},
	"play":  {0, "play", func(a *App, _ []string) error { a.player.Playing = true; return nil }},
	"pause": {0, "pause", func(a *App, _ []string) error { a.player.Playing = false; return nil }},
	"follow": {1, "follow on|off", func(a *App, w []string) error {
		j, err := choose(w[0], []string{"off", "on"})
		a.follow = err == nil && j == 1
		return err
	}},
	"quit": {0, "quit", func(a *App, _ []string) error { a.quit = true; return nil }},
}

func choose(s string, names []string) (int, error) {
	for i, n := range names {
		if s == n {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%q: want %s", s, strings.Join(names, " or "))
}

func textioFields(line string) ([]textio.Field, error) { return textio.Fields([]byte(line)) }
