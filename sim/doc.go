// Package sim is a small, deterministic fabric traffic simulator over a
// model and its routes. It makes the bundled case studies (examples/badcable,
// examples/sixjobs) and the large inputs of the benchmarks; it is not a
// network simulator to predict performance with.
//
// # What it simulates
//
// Time advances in steps. Jobs are sets of nodes, given explicitly (a job
// file) or handed out by an in-order allocator: a job starting at a step
// takes the lowest-numbered free nodes, as the Cplant allocator did; jobs
// that do not fit wait, first come first served. Within a job the nodes are
// paired by a Pattern (at random, seeded; halves; or blocks of S with the
// next S): each pair exchanges packets in both directions along its two
// routes, and each such flow has a fixed number of packets to deliver. A
// job ends when all its flows are done; its nodes are free from the next
// step. A bulk-synchronous job (JobSpec.Sync) sends on every flow no more
// than its slowest flow can.
//
// Every directed link has a capacity in packets per step: the cable into
// each input port, the injection link from a node into its processor port,
// and the ejection link from a processor port into its node. In a step a
// flow sends min(packets left, the smallest capacity/flows over the links of
// its route), so two flows on one link each get half of it and a shared
// link slows everyone who crosses it. A packet sent in a step crosses its
// whole route in that step (cut-through, no buffers).
//
// Counters, per port and step: packets received by the switch on that port
// (a processor port counts what its node injects), and bad packets. A bad
// cable corrupts each packet crossing it (in either direction) with a given
// probability from a given step on; with cut-through routing the corrupted
// packet is counted as bad at the input port it arrives on and at every later
// input port of its route.
//
// # What it does not simulate
//
// No packet-level timing: no latency, no buffers or back-pressure, no
// head-of-line blocking, no credit flow, no retransmission of bad packets
// (they still count as delivered), no adaptive routing, no computation
// phases. Bandwidth is shared equally per link and a flow takes the least of
// its shares; a flow held back elsewhere does not hand its unused share to
// the others (the sharing is not max-min fair). The numbers are therefore
// plausible shapes, not predictions.
//
// Given the same model, routes, jobs, configuration and seed, Run produces
// the same counts, byte for byte, on any machine.
package sim
