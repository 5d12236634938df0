package ctl

// Player is the Animation panel's clock: while playing, the step advances
// once every Pause seconds, and wraps from the last step to the first (in
// follow mode the GUI stops at the last step instead, see Follow).
type Player struct {
	Playing bool
	Pause   float64 // seconds between steps; 0 = a step every frame
	Loop    bool    // wrap to step 0 after the last step (else stop there)
	wait    float64 // time since the last step
}

// NewPlayer is a paused player at one step a second, looping.
func NewPlayer() Player { return Player{Pause: 1, Loop: true} }

// Toggle plays or pauses.
func (p *Player) Toggle() {
	p.Playing = !p.Playing
	p.wait = 0
}

// Tick advances the clock by dt seconds. It returns the step to show and
// whether it differs from cur. With fewer than two steps nothing moves.
func (p *Player) Tick(dt float64, cur, steps int) (int, bool) {
	if !p.Playing || steps < 2 || dt < 0 {
		return cur, false
	}
	p.wait += dt
	if p.wait < p.Pause {
		return cur, false
	}
	p.wait = 0 // never more than one step a frame: a slow frame does not skip steps
	if cur+1 < steps {
		return cur + 1, true
	}
	if p.Loop {
		return 0, cur != 0
	}
	p.Playing = false
	return cur, false
}
