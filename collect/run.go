package collect

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// waitDelay is how long a killed reader is waited for once its deadline
// has passed.
const waitDelay = 100 * time.Millisecond

// runBounded runs a reader (perfquery, squeue, a job command) until it
// exits or ctx ends, and returns what it wrote on stdout and stderr.
//
// Its output goes to unlinked temporary files, not pipes: a child it leaves
// behind holding stdout open cannot keep us waiting for the pipe to close,
// and a slow copy on a loaded machine cannot be mistaken for one. WaitDelay
// bounds the wait for a process that does not die when killed.
func runBounded(ctx context.Context, argv []string, dir string, env []string) (stdout, stderr []byte, err error) {
	outF, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer outF.Close()
	errF, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer errF.Close()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	if len(env) > 0 {
		cmd.Env = append(cmd.Environ(), env...)
	}
	cmd.Stdout, cmd.Stderr = outF, errF
	cmd.WaitDelay = waitDelay
	runErr := cmd.Run()
	stdout, err = readAll(outF)
	if err != nil {
		return nil, nil, err
	}
	stderr, _ = readAll(errF)
	return stdout, stderr, runErr
}

// scratch is an unlinked temporary file.
func scratch() (*os.File, error) {
	f, err := os.CreateTemp("", "fabnet-reader-")
	if err != nil {
		return nil, fmt.Errorf("temporary file for a reader's output: %v", err)
	}
	os.Remove(f.Name())
	return f, nil
}

func readAll(f *os.File) ([]byte, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return io.ReadAll(f)
}
