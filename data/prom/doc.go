// Package prom reads counter history that a site already keeps in
// Prometheus, or in anything answering its HTTP query API (Thanos, Mimir,
// VictoriaMetrics), and lays it on a model as a §5 collection log.
//
// Each series is matched to a model port by its labels: `guid` (the
// switch's GUID, hex with or without 0x, as infiniband_exporter labels it,
// matched to the switch's `hw` field) and `port`, or `switch` (the model's
// switch label, as fabviz's own /metrics labels it) and `port`. Series that
// match no port are counted; ports with no series are gaps.
//
// A counter (Options.Metric) is read as its value at every grid time and
// differenced, which is what fabviz's collector logs: the value of step k is
// the counter at t_k less the counter at t_k − step. The latest sample at a
// grid time must be from within the step before it; when it is older (a
// scrape missed, or a step shorter than the scrape interval) both steps
// around that time are gaps, because the difference would span more or less
// than one step. A counter that went down (a reset) gives a gap. A query
// (Options.Query) is taken as it is, rounded to the nearest integer.
package prom
