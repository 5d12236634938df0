// Package slurm reads what Slurm says about jobs: host-list expressions as
// Slurm expands them (ExpandHostlist, checked against `scontrol show
// hostnames`) and squeue's lines of running jobs (ParseJobs). It is a leaf:
// it knows nothing of models, logs or collectors.
package slurm
