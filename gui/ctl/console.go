package ctl

// Console is the command line's log: what was typed and what came of it,
// the last Max lines kept, and a history of typed commands to recall.
type Console struct {
	Max     int
	Lines   []Line
	History []string
	pos     int // recall position in History (len = past the newest)
}

// Line is one line of the log; Err marks an error message.
type Line struct {
	Text string
	Err  bool
}

// NewConsole keeps up to max log lines.
func NewConsole(max int) *Console { return &Console{Max: max} }

// Add appends a log line, dropping the oldest beyond Max.
func (c *Console) Add(text string, isErr bool) {
	c.Lines = append(c.Lines, Line{text, isErr})
	if over := len(c.Lines) - c.Max; c.Max > 0 && over > 0 {
		c.Lines = append(c.Lines[:0], c.Lines[over:]...)
	}
}

// Typed records a command in the history (not twice in a row).
func (c *Console) Typed(cmd string) {
	if cmd != "" && (len(c.History) == 0 || c.History[len(c.History)-1] != cmd) {
		c.History = append(c.History, cmd)
	}
	c.pos = len(c.History)
}

// Recall moves through the history (dir -1 older, +1 newer) and returns
// the command there; past the newest it returns "".
func (c *Console) Recall(dir int) string {
	c.pos = max(0, min(len(c.History), c.pos+dir))
	if c.pos == len(c.History) {
		return ""
	}
	return c.History[c.pos]
}
