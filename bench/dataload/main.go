// Command dataload is the data-loading benchmark's helper (see
// bench/dataload.sh):
//
//	dataload gen DIR [LEAVES STEPS]   write DIR/ft.fvm and DIR/ft.dat
//	dataload load DIR                 load ft.dat once; print seconds and memory
//	dataload colour DIR               load, then time recolouring steps
//
// With CPUPROFILE=FILE set, "load" writes a CPU profile.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
	"github.com/fabviz/fabviz/model"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: dataload gen|load|colour DIR [LEAVES STEPS]")
		os.Exit(2)
	}
	dir := os.Args[2]
	var err error
	switch os.Args[1] {
	case "gen":
		leaves, steps := 512, 1440
		if len(os.Args) == 5 {
			leaves, _ = strconv.Atoi(os.Args[3])
			steps, _ = strconv.Atoi(os.Args[4])
		}
		err = gen(dir, fattree.Shape{Leaves: leaves}, steps)
	case "load":
		if prof := os.Getenv("CPUPROFILE"); prof != "" {
			f, _ := os.Create(prof)
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
		err = load(dir)
	case "colour":
		err = colour(dir)
	default:
		err = fmt.Errorf("unknown mode %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "dataload:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func gen(dir string, shape fattree.Shape, steps int) error {
	write := func(name string, f func(*bufio.Writer) error) error {
		out, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(out, 1<<20)
		if err := f(w); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		return out.Close()
	}
	if err := write("ft.fvm", func(w *bufio.Writer) error { return shape.WriteModel(w) }); err != nil {
		return err
	}
	return write("ft.dat", func(w *bufio.Writer) error { return shape.WriteParam(w, steps, 1) })
}

func loadSeries(dir string) (*data.Series, time.Duration, error) {
	m, err := model.Load(filepath.Join(dir, "ft.fvm"))
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	s, err := data.Load(filepath.Join(dir, "ft.dat"), m, data.Options{})
	return s, time.Since(start), err
}

// load prints: seconds of the load alone, values, peak resident bytes and
// peak resident bytes per value.
func load(dir string) error {
	s, d, err := loadSeries(dir)
	if err != nil {
		return err
	}
	values := s.Columns() * s.Steps()
	hwm := benchmodel.PeakRSS()
	fmt.Printf("load_s %.3f values %d peak_rss %d rss_per_value %.2f\n", d.Seconds(), values, hwm, float64(hwm)/float64(values))
	runtime.KeepAlive(s)
	return nil
}

// colour times recolouring every step in slice mode and stepping through
// running sums, and prints nanoseconds per port.
func colour(dir string) error {
	s, _, err := loadSeries(dir)
	if err != nil {
		return err
	}
	sc, _ := data.NewScale(100000, 900000, nil, data.DefaultInit().Colors)
	dst := make([]data.RGB, s.Model.NumPorts())
	for _, mode := range []data.Mode{data.Slice, data.Running} {
		best, bestCPU := time.Duration(1<<62), time.Duration(0)
		for range 5 { // the best of five passes over every step
			start, cpu0 := time.Now(), benchmodel.CPUTime()
			for st := 0; st < s.Steps(); st++ {
				s.Colorize(dst, st, mode, sc)
			}
			if d := time.Since(start); d < best {
				best, bestCPU = d, benchmodel.CPUTime()-cpu0
			}
		}
		n := float64(s.Steps() * len(dst))
		fmt.Printf("recolour_%s_ns_per_port %.2f (cpu %.2f)\n", mode, float64(best.Nanoseconds())/n, float64(bestCPU.Nanoseconds())/n)
	}
	return nil
}
