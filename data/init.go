package data

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// Colors are the fixed colours of the viewer (§4 `color` lines).
type Colors struct {
	Below, Above, NoData     RGB
	Background, Switch, Link RGB
	Route                    RGB
}

// Init is the initialisation file (§4) with its defaults filled in.
type Init struct {
	ModelDir, DataDir string
	// HasRange is false when the file gives no range: the viewer then uses
	// the data's own minimum and maximum.
	HasRange bool
	Min, Max int64
	Colors   Colors
	Map      *ColorMap // `colormap NAME`, default Linear
	JobSeed  uint64    // `job-seed N`, default 1
	// Diagnose holds `diagnose NAME VALUE` lines: thresholds for `fabnet
	// diagnose` and the Problems panel, by the names of the command's
	// flags (DiagnoseKeys).
	Diagnose map[string]float64
}

// DiagnoseKeys are the thresholds an init file may set with `diagnose NAME
// VALUE`: the names of `fabnet diagnose`'s flags.
var DiagnoseKeys = []string{"min-errors", "flap-events", "util", "congested-steps", "capacity", "imbalance", "min-spread"}

// DefaultInit is what a missing file means.
func DefaultInit() *Init {
	return &Init{
		ModelDir: ".", DataDir: ".",
		Colors: Colors{
			Below: RGB{0.5, 0.5, 0.5}, Above: RGB{1, 1, 0}, NoData: RGB{0.3, 0.3, 0.3},
			Background: RGB{0, 0, 0}, Switch: RGB{0.6, 0.6, 0.6}, Link: RGB{0.8, 0.8, 0.8},
			Route: RGB{0, 1, 0},
		},
		Map: Linear, JobSeed: 1,
	}
}

// LoadInit reads an initialisation file; a missing file gives the defaults.
func LoadInit(path string) (*Init, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultInit(), nil
	}
	if err != nil {
		return nil, textio.ErrorList{{File: path, Msg: err.Error(), Err: err}}
	}
	defer f.Close()
	return ReadInit(path, f)
}

// ReadInit parses an initialisation file. Keywords may come in any order;
// one given twice is an error, as is any bad line.
func ReadInit(file string, r io.Reader) (*Init, error) {
	in := DefaultInit()
	lr := textio.NewLineReader(file, r, 64<<10)
	var errs textio.ErrorList
	seen := map[string]int{}
	for len(errs) < MaxErrors {
		l, ok := lr.Scan(func(e *textio.Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		n := lr.Line()
		f, err := textio.Fields(l)
		if err != nil {
			errs = append(errs, textio.At(file, n, err))
			continue
		}
		if len(f) == 0 {
			continue
		}
		key := f[0].Text
		if (key == "color" || key == "diagnose") && len(f) > 1 {
			key += " " + f[1].Text
		}
		if prev, dup := seen[key]; dup {
			errs = append(errs, textio.Errorf(file, n, "%s already given at line %d", key, prev))
			continue
		}
		seen[key] = n
		if msg := in.line(f); msg != "" {
			errs = append(errs, textio.Errorf(file, n, "%s", msg))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return in, nil
}

// line applies one keyword line and says what is wrong with it, if anything.
func (in *Init) line(f []textio.Field) string {
	args := f[1:]
	switch f[0].Text {
	case "model-dir", "data-dir":
		if len(args) != 1 {
			return f[0].Text + ": expected one directory"
		}
		if f[0].Text == "model-dir" {
			in.ModelDir = args[0].Text
		} else {
			in.DataDir = args[0].Text
		}
	case "range":
		if len(args) != 2 {
			return "range: expected MIN MAX (integers)"
		}
		lo, err1 := strconv.ParseInt(args[0].Text, 10, 64)
		hi, err2 := strconv.ParseInt(args[1].Text, 10, 64)
		if err1 != nil || err2 != nil {
			return fmt.Sprintf("range: expected two 64-bit integers, got %q %q", args[0].Text, args[1].Text)
		}
		if lo > hi {
			return fmt.Sprintf("range: minimum %d above maximum %d", lo, hi)
		}
		in.HasRange, in.Min, in.Max = true, lo, hi
	case "color":
		return in.color(args)
	case "colormap":
		if len(args) != 1 {
			return "colormap: expected one of linear, viridis, diverging"
		}
		cm, ok := ColorMapByName(args[0].Text)
		if !ok {
			return fmt.Sprintf("colormap: unknown map %q (expected linear, viridis or diverging)", args[0].Text)
		}
		in.Map = cm
	case "diagnose":
		return in.diagnose(args)
	case "job-seed":
		if len(args) != 1 {
			return "job-seed: expected one unsigned integer"
		}
		v, err := strconv.ParseUint(args[0].Text, 10, 64)
		if err != nil {
			return fmt.Sprintf("job-seed: expected an unsigned integer, got %q", args[0].Text)
		}
		in.JobSeed = v
	default:
		return fmt.Sprintf("unknown keyword %q (expected model-dir, data-dir, range, color, colormap, job-seed or diagnose)", f[0].Text)
	}
	return ""
}

func (in *Init) color(args []textio.Field) string {
	if len(args) != 4 {
		return "color: expected NAME R G B with components in [0,1]"
	}
	c := &in.Colors
	dst := map[string]*RGB{
		"below": &c.Below, "above": &c.Above, "nodata": &c.NoData, "background": &c.Background,
		"switch": &c.Switch, "link": &c.Link, "route": &c.Route,
	}[args[0].Text]
	if dst == nil {
		return fmt.Sprintf("color: unknown name %q (expected below, above, background, switch, route, link or nodata)", args[0].Text)
	}
	var v [3]float32
	for i, a := range args[1:] {
		x, err := strconv.ParseFloat(a.Text, 64)
		if err != nil || math.IsNaN(x) {
			return fmt.Sprintf("color %s: expected a number in [0,1], got %q", args[0].Text, a.Text)
		}
		if x < 0 || x > 1 {
			return fmt.Sprintf("color %s: component %s out of [0,1]", args[0].Text, a.Text)
		}
		v[i] = float32(x)
	}
	*dst = RGB{v[0], v[1], v[2]}
	return ""
}

// Scale is the colour scale the file describes for the range [lo, hi] (its
// own range when it has one).
func (in *Init) Scale(lo, hi int64) (*Scale, error) {
	if in.HasRange {
		lo, hi = in.Min, in.Max
	}
	return NewScale(lo, hi, in.Map, in.Colors)
}

// diagnose reads `diagnose NAME VALUE`: a known threshold and a number 0
// or more.
func (in *Init) diagnose(args []textio.Field) string {
	if len(args) != 2 {
		return "diagnose: expected NAME VALUE, e.g. diagnose min-errors 20"
	}
	name := args[0].Text
	if !slices.Contains(DiagnoseKeys, name) {
		return fmt.Sprintf("diagnose: unknown threshold %q (expected one of %s)", name, strings.Join(DiagnoseKeys, ", "))
	}
	v, err := strconv.ParseFloat(args[1].Text, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Sprintf("diagnose %s: expected a number 0 or more, got %q", name, args[1].Text)
	}
	if in.Diagnose == nil {
		in.Diagnose = map[string]float64{}
	}
	in.Diagnose[name] = v
	return ""
}
