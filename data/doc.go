// Package data reads what the viewer colours — parameter files, job files
// (FORMATS.md §3), collection logs (§5) and the initialisation file (§4) —
// and holds it as a compact time-series store bound to a model, with the
// colour mapping, job colours and job statistics built on it. It is pure Go
// and never panics on bad input: every problem is a textio.Error naming file,
// line and, where it helps, column, collected in a textio.ErrorList.
//
// # Loading
//
//	m, _ := model.Load("ring4.fvm")
//	param, err := data.Load("run.dat", m, data.Options{})             // §3 file or §5 log
//	jobs, err := data.Load("jobs.dat", m, data.Options{Kind: data.Job})
//	err = data.CheckJobs(param, jobs)                                  // same step count
//	ini, err := data.LoadInit("fabviz.ini")                            // defaults when absent
//
// Load tells a log from a §3 file by its first line (`#! fabviz-log`).
// Options.Lenient turns unknown labels into one counted warning
// (Series.Warnings). A label is a port or a host name; in a job file the
// name of a host with several ports gives each of its ports a copy of the
// line, a parameter file refuses it (hostlabel.go). A §3 file is read in 1 MiB blocks cut at line ends and
// parsed on every core, numbers eight bytes at a time; each block's rows are
// gathered 16 at a time in a small cached buffer and moved into the
// step-major storage, 32-bit unless a value of the block needs 64 bits.
//
// # Store
//
// A Series keeps, for the ports the file lists, every step's value in
// segments of consecutive columns, step-major (one step's values are
// contiguous, so recolouring a step reads memory in order), 4 bytes a value
// when the segment's values fit in 32 bits and 8 otherwise, plus a gap bitmap
// only where there are gaps. Computed once at load: totals, per-step minimum
// and maximum (StepRange), which switches have data, the first sample of
// every port, and running-sum checkpoints every 64 steps (1/8 byte a value).
// Running sums at a step are a checkpoint plus at most 63 steps, and the
// last one is cached, so stepping forward costs one step. Ports the file
// does not list have the value 0 at every step.
//
// Loading fast: numbers of 8 to 15 digits are read in two words; a block's
// rows are summed and each step's range found while they are moved (in
// cache), not in a second pass; the storage of one load comes from a few
// large allocations backed by huge pages where Linux allows it (slab.go),
// since touching fresh memory a 4 KiB page at a time was most of a load on
// virtual machines.
//
// # Column cache
//
// Load keeps what it parsed of a file of 1 MiB or more in a binary cache
// (cache.go): the segments, gap bitmaps, checkpoints and statistics, written
// once and mapped read-only by the next Load of the same unchanged file,
// checked by size, time, options, labels and a CRC-32C. Read never caches.
//
// # For the renderer and the GUI
//
// Everything per port is a slice indexed by model.PortRef (len NumPorts):
//
//	sc, _ := ini.Scale(lo, hi)              // range of interest, map, below/above/nodata colours
//	colors := make([]data.RGB, m.NumPorts())
//	param.Colorize(colors, step, data.Slice, sc)   // 0 ≤ step < Steps(); nil *Series: all white
//	param.SwitchHasData(sw)                 // false: do not draw the switch
//	lo, hi, ok := param.Range(step, mode)   // for an automatic range
//	ids := make([]int64, m.NumPorts())
//	jobs.FillJobs(ids, step)                // job id per port, 0 = none
//	pal := data.NewJobPalette(jobs.JobIDs(), ini.JobSeed, c.Below, c.Above, c.NoData, c.Background)
//	col, ok := pal.Color(id)
//	legend := sc.Legend(256, 6)             // colour bar samples, ticks with labels and colours
//
// Colorize uses both cores for large models. Running mode keeps a cache in
// the Series, so one goroutine at a time may call Colorize or Fill with it.
//
// # Colours
//
// The §3 map (Linear) is exact: MIN is (0,0,1), MAX (1,0,0), between them
// (t, 0, 1−t) with t = (v−MIN)/(MAX−MIN) and 1−t computed as
// (MAX−v)/(MAX−MIN), each in float64 then rounded to float32. Viridis and
// Diverging are the perceptual alternatives (`colormap` in the init file).
//
// # Job statistics
//
// JobStats gives, per job and step, the count, mean, min, deciles p10…p90
// and max of the parameter over the job's processor ports (PerSyst) and the
// node-to-node coefficient of variation, and per job the mean, min, max,
// population standard deviation, count and mean CV over its run (NWPerf);
// the same for two reference groups, the ports running no job (job 0) and
// every processor port. Percentile k of N sorted values is PerSyst's: the
// value at 1-based position N·k/100, interpolated linearly when that is not
// whole (NumPy's rule is an option).
//
// # Job metadata
//
// ReadJobMeta and WriteJobMeta read and write the metadata file that lives
// beside a job file (MetaPath: the job file's path + ".meta"): one line per
// job with id, user, account, partition, name, start, end and node count.
package data
