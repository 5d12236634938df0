// Package collect sweeps switch port counters and job allocations at
// wall-clock-aligned intervals and appends them to FORMATS.md §5 logs, one log
// per counter plus a job log.
//
// A Collector drives a Source and an optional JobSource (Slurm's squeue, a
// command, or a file). Sources: InfiniBand switches through infiniband-diags'
// perfquery (IBSource), Ethernet switches over SNMP v2c/v3 with bulk walks of
// the IF-MIB counter columns (SNMPSource, with a mapping file and a secrets
// file), and the local host's HCA ports through sysfs (SysfsSource). Each
// sweep is one short window in which every source is read; the collector
// turns cumulative counters into per-interval deltas (detecting wraps and
// resets), writes one line per log with a single write and fsync, and reports
// how many ports were attempted and read. An Exporter serves the latest sweep
// in Prometheus' text format.
//
// A large fabric can be split among collectors (Shard); each measures its
// clock offset against a reference collector with Cristian's algorithm
// (ServeClock, EstimateOffset) and records it in its logs, and MergeLogs
// joins the shards' logs into one timeline by corrected time.
package collect
