package schedule

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Every is how often the timer fires. Only periods that divide an hour or a
// day evenly are accepted, because both systemd calendar expressions and
// launchd calendar slots are wall-clock aligned: "every 7m" has no faithful
// form in either, and a job that silently drifts is worse than a refusal.
type Every struct {
	d time.Duration
}

// MinEvery is the shortest accepted period. extract throttles each project
// to --interval (30m) anyway; shorter periods only add idle wake-ups.
const MinEvery = 5 * time.Minute

// defaultPeriod is used by the zero Every, so a zero value is the
// documented default (--every 1h).
const defaultPeriod = time.Hour

// ParseEvery reads a period such as 30m, 1h, 6h or 1d. Days are not a Go
// duration unit, so "1d" is handled here.
func ParseEvery(s string) (Every, error) {
	s = strings.TrimSpace(s)
	var d time.Duration
	if n, ok := strings.CutSuffix(s, "d"); ok && n != "" && !strings.ContainsAny(n, "hmsuµn") {
		days, err := strconv.Atoi(n)
		if err != nil || days <= 0 {
			return Every{}, fmt.Errorf("parse --every %q: want a positive whole number of days", s)
		}
		d = time.Duration(days) * 24 * time.Hour
	} else {
		var err error
		d, err = time.ParseDuration(s)
		if err != nil {
			return Every{}, fmt.Errorf("parse --every %q: want a period like 30m, 1h, 6h or 1d", s)
		}
	}
	e := Every{d: d}
	if err := e.check(); err != nil {
		return Every{}, fmt.Errorf("parse --every %q: %w", s, err)
	}
	return e, nil
}

func (e Every) check() error {
	switch {
	case e.d < MinEvery:
		return fmt.Errorf("shorter than %s", MinEvery)
	case e.d%time.Minute != 0:
		return fmt.Errorf("not a whole number of minutes")
	case e.d < time.Hour:
		if time.Hour%e.d != 0 {
			return fmt.Errorf("minutes must divide an hour (5m, 6m, 10m, 12m, 15m, 20m, 30m)")
		}
	case e.d < 24*time.Hour:
		if e.d%time.Hour != 0 || (24*time.Hour)%e.d != 0 {
			return fmt.Errorf("hours must divide a day (1h, 2h, 3h, 4h, 6h, 8h, 12h)")
		}
	case e.d == 24*time.Hour:
	default:
		return fmt.Errorf("longer than a day is not supported; use 1d")
	}
	return nil
}

// Duration is the period.
func (e Every) Duration() time.Duration {
	if e.d == 0 {
		return defaultPeriod
	}
	return e.d
}

// String gives the period in the form --every accepts.
func (e Every) String() string {
	d := e.Duration()
	switch {
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	default:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
}

// OnCalendar is the systemd timer expression for the period; the common
// ones use systemd's own shorthands so the unit reads naturally.
func (e Every) OnCalendar() string {
	d := e.Duration()
	switch {
	case d == time.Hour:
		return "hourly"
	case d == 24*time.Hour:
		return "daily"
	case d < time.Hour:
		return fmt.Sprintf("*-*-* *:00/%d:00", d/time.Minute)
	default:
		return fmt.Sprintf("*-*-* 00/%d:00:00", d/time.Hour)
	}
}

// RandomizedDelay spreads start times without letting the delay swallow
// a short period: 10 minutes, or half the period when that is shorter.
func (e Every) RandomizedDelay() string {
	d := e.Duration()
	if d/2 < 10*time.Minute {
		return fmt.Sprintf("%ds", int((d / 2).Seconds()))
	}
	return "10min"
}

// Slot is one launchd StartCalendarInterval entry. A nil field means "any",
// as in launchd.plist(5).
type Slot struct {
	Minute *int
	Hour   *int
}

// Slots gives the launchd calendar entries: one entry for hourly, else one
// per firing within the hour or the day.
func (e Every) Slots() []Slot {
	d := e.Duration()
	var out []Slot
	switch {
	case d < time.Hour:
		for m := 0; m < 60; m += int(d / time.Minute) {
			out = append(out, Slot{Minute: intp(m)})
		}
	case d == time.Hour:
		out = append(out, Slot{Minute: intp(0)})
	case d < 24*time.Hour:
		for h := 0; h < 24; h += int(d / time.Hour) {
			out = append(out, Slot{Minute: intp(0), Hour: intp(h)})
		}
	default:
		out = append(out, Slot{Minute: intp(0), Hour: intp(0)})
	}
	return out
}

// Cron gives the five crontab time fields for the period, for machines with
// neither a user systemd nor launchd.
func (e Every) Cron() string {
	d := e.Duration()
	switch {
	case d < time.Hour:
		return fmt.Sprintf("*/%d * * * *", d/time.Minute)
	case d == time.Hour:
		return "0 * * * *"
	case d < 24*time.Hour:
		return fmt.Sprintf("0 */%d * * *", d/time.Hour)
	default:
		return "0 0 * * *"
	}
}

// NextSlot is the first time strictly after now that matches one of the
// slots, in now's location (launchd uses local time). It returns the zero
// time when slots is empty or matches nothing within two days.
func NextSlot(slots []Slot, now time.Time) time.Time {
	if len(slots) == 0 {
		return time.Time{}
	}
	t := now.Truncate(time.Minute).Add(time.Minute)
	for i := 0; i < 2*24*60; i++ {
		for _, s := range slots {
			if (s.Minute == nil || *s.Minute == t.Minute()) && (s.Hour == nil || *s.Hour == t.Hour()) {
				return t
			}
		}
		t = t.Add(time.Minute)
	}
	return time.Time{}
}

func intp(i int) *int { return &i }
