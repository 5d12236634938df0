// Package collect sweeps switch port counters and job allocations at
// wall-clock-aligned intervals and appends them to FORMATS.md §5 logs, one log
// per counter plus a job log.
//
// A Collector drives a Source (InfiniBand through infiniband-diags, and later
// SNMP or sysfs) and an optional JobSource (Slurm's squeue, a command, or a
// file). Each sweep is one short window in which every source is read; the
// collector turns cumulative counters into per-interval deltas (detecting
// wraps and resets), writes one line per log with a single write and fsync,
// and reports how many ports were attempted and read.
package collect
