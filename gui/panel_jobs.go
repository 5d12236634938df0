package gui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/plot"
	"github.com/fabviz/fabviz/session"
)

// jobsState is the Jobs panel's: the sort column and direction, the rows
// shown last (tests read them), an error.
type jobsState struct {
	sortCol int
	desc    bool
	rows    []session.JobRow
	err     string
	loadErr string               // the core's, when the rows could not be made
	at      map[int64]imgui.Vec2 // middle of each job's id cell, last drawn (tests)
	stale   bool                 // the state changed since rows were made
}

// jobRows are the core's jobs at the step, made again after a change
// (only while a panel that shows them is open: not every animation frame).
func (a *App) jobRows() []session.JobRow {
	j := &a.p.jobs
	if j.stale {
		j.setRows(a.env.JobRows(a.in.State.Step))
		j.stale = false
	}
	return j.rows
}

// setRows keeps the jobs the core lists at the step, in the panel's order.
func (j *jobsState) setRows(rows []session.JobRow, err error) {
	j.rows, j.loadErr = rows, ""
	if err != nil {
		j.loadErr = err.Error()
	}
	session.SortJobRows(j.rows, session.JobColumns[j.sortCol], j.desc)
}

// jobsPanel lists every job at the current step with its metadata and its
// statistics there, sortable by clicking a column's heading; clicking a
// job selects it (its ports highlighted, the others dimmed, its band in
// the plot), Frame turns the camera to it.
func (a *App) jobsPanel() {
	st := &a.in.State
	j := &a.p.jobs
	rows := a.jobRows()
	if j.loadErr != "" {
		errText(j.loadErr)
		return
	}
	if len(rows) == 0 {
		textDisabled("no job runs at this step (load a job file or a log directory)")
		return
	}
	routes := st.JobRoutes
	if imgui.Checkbox("draw the jobs' routes in their colours", &routes) {
		j.err = a.run(ctl.Cmd{"job-routes", ctl.OnOff(routes)})
	}
	if st.Job != 0 {
		if imgui.Button(fmt.Sprintf("Frame job %d", st.Job)) {
			if c, ok := a.env.JobCentre(st, st.Job); ok {
				st.Camera.Target = c
				a.redraw()
			}
		}
		imgui.SameLine()
		if imgui.Button("Clear##job") {
			j.err = a.run(ctl.Cmd{"select", "job", "0"})
		}
	}
	errText(j.err)
	cols := session.JobColumns
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollX | imgui.TableFlagsScrollY | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("jobs", len(cols), flags, imgui.Vec2{Y: 220}, 0) {
		return
	}
	for _, c := range cols {
		imgui.TableSetupColumn(c)
	}
	imgui.TableNextRow()
	for i, c := range cols {
		imgui.TableSetColumnIndex(i)
		label := c
		if i == j.sortCol {
			label += map[bool]string{false: " ^", true: " v"}[j.desc]
		}
		if imgui.Selectable(label + "##h") {
			j.desc = i == j.sortCol && !j.desc
			j.sortCol = i
			session.SortJobRows(j.rows, cols[i], j.desc)
		}
	}
	j.at = map[int64]imgui.Vec2{}
	for _, r := range rows {
		imgui.TableNextRow()
		for i, cell := range jobCells(r) {
			imgui.TableSetColumnIndex(i)
			if i == 0 {
				imgui.ColorButton(fmt.Sprintf("##c%d", r.ID), vec4(r.Color), 0, imgui.Vec2{X: 10, Y: 10})
				imgui.SameLine()
				if imgui.SelectableV(cell, r.ID == st.Job, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
					j.err = a.run(ctl.Cmd{"select", "job", fmt.Sprint(r.ID)})
				}
				j.at[r.ID] = itemMiddle()
				continue
			}
			imgui.Text(cell)
		}
	}
	imgui.EndTable()
}

// jobCells are a row's cells in JobColumns order; "-" for unknown.
func jobCells(r session.JobRow) []string {
	out := []string{fmt.Sprint(r.ID), "-", "-", "-", "-", fmt.Sprint(r.Ports), "-", "-", "-", "-", "-"}
	if m := r.Meta; m != nil {
		out[1], out[2] = orDash(m.User), orDash(m.Partition)
		if m.Nodes > 0 {
			out[3] = fmt.Sprint(m.Nodes)
		}
		if !m.Start.IsZero() {
			out[4] = m.Start.UTC().Format("01-02 15:04")
		}
	}
	if r.Has {
		s := r.Stat
		out[6], out[7], out[8], out[9], out[10] = plot.Num(s.Mean), plot.Num(s.P10), plot.Num(s.P50), plot.Num(s.P90), data.FormatExact(s.Max)
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
