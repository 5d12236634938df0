package ctl

import "fmt"

// Level is one level of the drill-down: the machine, a job, or a port
// (a host's port or any other) whose history the plot shows.
type Level struct {
	Job   int64  // the job of a job level (0 on the machine level)
	Label string // the port of a port level ("" otherwise)
}

// Name is what a breadcrumb says.
func (l Level) Name() string {
	switch {
	case l.Label != "":
		return l.Label
	case l.Job != 0:
		return fmt.Sprintf("job %d", l.Job)
	}
	return "machine"
}

// Drill is the drill-down's path: machine → job → host → port history,
// each step one click, with a way back to any level on the path.
type Drill struct {
	path []Level
}

// At is the level shown (the machine when the path is empty).
func (d *Drill) At() Level {
	if len(d.path) == 0 {
		return Level{}
	}
	return d.path[len(d.path)-1]
}

// Path lists the levels from the machine to the one shown.
func (d *Drill) Path() []Level { return append([]Level{{}}, d.path...) }

// Into goes one level down.
func (d *Drill) Into(l Level) { d.path = append(d.path, l) }

// Back goes back to level i of Path (0 = the machine).
func (d *Drill) Back(i int) { d.path = d.path[:max(0, min(i, len(d.path)))] }

// Commands are what showing a level sets in the view: the job selected
// (0 clears) and the port selected with the plot on.
func (l Level) Commands() []Cmd {
	out := []Cmd{{"select", "job", fmt.Sprint(l.Job)}}
	if l.Label != "" {
		out = append(out, Cmd{"select", l.Label}, Cmd{"plot", "on"})
	}
	return out
}
