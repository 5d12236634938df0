// Package jobmap makes job maps offline: it turns scheduler records into a
// FORMATS.md §3 job file (job ids on processor ports, step by step) and the
// job metadata file beside it (data.WriteJobMeta).
//
// Two inputs:
//
//   - `JOBID HOSTLIST` lines, the collector's -jobs file: format (Slurm host
//     lists such as `cn[01-04],gpu7`), give a one-step job file;
//   - Slurm accounting, `sacct --parsable2` output with its header line (or
//     headerless output with the column list given, as sites keep it), gives
//     a job file on a time grid: a job covers the steps whose interval
//     overlaps [Start, End).
//
// In code:
//
//	acct, err := jobmap.ReadSacct("jobs.sacct", r, jobmap.SacctOptions{Location: time.Local})
//	grid := jobmap.Grid{Start: t0, Step: time.Minute, Steps: 60}
//	jm, err := jobmap.Build(m, acct.Jobs, grid)
//	err = jm.WriteFiles("jobs.dat", "made from jobs.sacct")   // and jobs.dat.meta
//
// Host names are resolved to processor ports by one function, hostPorts.
package jobmap
