// Package collect sweeps switch port counters and job allocations at
// wall-clock-aligned intervals and appends them to FORMATS.md §5 logs, one log
// per counter plus a job log.
//
// A Collector drives a Source and an optional JobSource (Slurm's squeue, a
// command, or a file; lines read by package slurm). Sources: InfiniBand
// switches through infiniband-diags (IBSource: the whole fabric in two
// ibqueryerrors processes a sweep, perfquery per switch as the fallback),
// Ethernet switches over SNMP v2c/v3 with bulk walks of the IF-MIB counter
// columns (SNMPSource, with a mapping file and a secrets file), and the
// local host's HCA ports through sysfs (SysfsSource). Each
// sweep is one short window in which every source is read; the collector
// turns cumulative counters into per-interval deltas (detecting wraps and
// resets), writes one line per log with a single write and fsync, and reports
// how many ports were attempted and read. A value always covers exactly one
// interval: skipped intervals are lines of gaps, and the summary's loss
// figure is what the logs hold. Logs are written through data/fvlog, the
// owner of the §5 syntax. An Exporter serves the latest sweep in
// Prometheus' text format. RunCommand is `fabnet collect` as a library call.
//
// A large fabric can be split among collectors (Shard); each measures its
// clock offset against a reference collector with Cristian's algorithm
// (ServeClock, EstimateOffset), samples on the reference's time (RefClock)
// and records the offset in its logs; MergeLogs reads the shards' logs with
// the data package's reader and joins them into one timeline.
package collect
