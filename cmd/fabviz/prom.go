package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/fabviz/fabviz/data/prom"
	"github.com/fabviz/fabviz/model"
)

// promFlags are the viewer's way to open Prometheus history instead of a
// parameter file: -prom URL -metric NAME [-since D] [-step D].
type promFlags struct {
	url, metric string
	since, step time.Duration
}

func (p *promFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.url, "prom", "", "read the parameter data from this Prometheus-compatible URL (with -metric)")
	fs.StringVar(&p.metric, "metric", "", "with -prom: the counter metric, e.g. infiniband_switch_port_transmit_data_bytes_total")
	fs.DurationVar(&p.since, "since", 6*time.Hour, "with -prom: how far back from now")
	fs.DurationVar(&p.step, "prom-step", time.Minute, "with -prom: the step of the imported data, a whole number of seconds")
}

// fetch imports the metric for the model into a §5 log in a temporary
// directory and returns its path (cleanup removes it). It prints what the
// import found, as `fabnet import prom` does.
func (p *promFlags) fetch(modelPath string, stderr io.Writer) (path string, cleanup func(), err error) {
	if p.metric == "" || p.step < time.Second || p.step%time.Second != 0 || p.since <= 0 {
		return "", nil, fmt.Errorf("-prom needs -metric NAME, a positive -since and a -prom-step of whole seconds")
	}
	m, err := model.Load(modelPath)
	if err != nil {
		return "", nil, err
	}
	end := time.Now().UTC().Truncate(p.step)
	opt := prom.Options{Metric: p.metric, Start: end.Add(-p.since), End: end, Step: p.step,
		Progress: func(done, total int) {
			if total > 1 {
				fmt.Fprintf(stderr, "queried %d of %d\n", done, total)
			}
		}}
	r, err := prom.Import(context.Background(), &prom.Client{URL: p.url}, m, opt)
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "fabviz-prom")
	if err != nil {
		return "", nil, err
	}
	path = filepath.Join(dir, r.Counter+".fvlog")
	if err := r.WriteLog(path, m); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	for _, l := range r.Summary(p.metric) {
		fmt.Fprintln(stderr, l)
	}
	return path, func() { os.RemoveAll(dir) }, nil
}
