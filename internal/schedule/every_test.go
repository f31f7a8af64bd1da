package schedule

import (
	"strings"
	"testing"
	"time"
)

func TestParseEvery(t *testing.T) {
	tests := []struct {
		in         string
		want       time.Duration
		onCalendar string
		cron       string
		slots      int
		errPart    string
	}{
		{in: "1h", want: time.Hour, onCalendar: "hourly", cron: "0 * * * *", slots: 1},
		{in: "60m", want: time.Hour, onCalendar: "hourly", cron: "0 * * * *", slots: 1},
		{in: "30m", want: 30 * time.Minute, onCalendar: "*-*-* *:00/30:00", cron: "*/30 * * * *", slots: 2},
		{in: "5m", want: 5 * time.Minute, onCalendar: "*-*-* *:00/5:00", cron: "*/5 * * * *", slots: 12},
		{in: "6h", want: 6 * time.Hour, onCalendar: "*-*-* 00/6:00:00", cron: "0 */6 * * *", slots: 4},
		{in: "12h", want: 12 * time.Hour, onCalendar: "*-*-* 00/12:00:00", cron: "0 */12 * * *", slots: 2},
		{in: "1d", want: 24 * time.Hour, onCalendar: "daily", cron: "0 0 * * *", slots: 1},
		{in: "24h", want: 24 * time.Hour, onCalendar: "daily", cron: "0 0 * * *", slots: 1},
		{in: " 2h ", want: 2 * time.Hour, onCalendar: "*-*-* 00/2:00:00", cron: "0 */2 * * *", slots: 12},
		{in: "7m", errPart: "divide an hour"},
		{in: "5h", errPart: "divide a day"},
		{in: "90m", errPart: "divide a day"},
		{in: "1m", errPart: "shorter than"},
		{in: "30s", errPart: "shorter than"},
		{in: "5m30s", errPart: "whole number of minutes"},
		{in: "2d", errPart: "longer than a day"},
		{in: "0d", errPart: "positive whole number"},
		{in: "-1h", errPart: "shorter than"},
		{in: "d", errPart: "want a period"},
		{in: "hourly", errPart: "want a period"},
		{in: "", errPart: "want a period"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := ParseEvery(tt.in)
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("ParseEvery(%q) error = %v, want one containing %q", tt.in, err, tt.errPart)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseEvery(%q): %v", tt.in, err)
			}
			if e.Duration() != tt.want {
				t.Errorf("Duration = %v, want %v", e.Duration(), tt.want)
			}
			if got := e.OnCalendar(); got != tt.onCalendar {
				t.Errorf("OnCalendar = %q, want %q", got, tt.onCalendar)
			}
			if got := e.Cron(); got != tt.cron {
				t.Errorf("Cron = %q, want %q", got, tt.cron)
			}
			if got := len(e.Slots()); got != tt.slots {
				t.Errorf("len(Slots) = %d, want %d", got, tt.slots)
			}
			back, err := ParseEvery(e.String())
			if err != nil || back != e {
				t.Errorf("String %q does not round-trip: %v, %v", e.String(), back, err)
			}
		})
	}
}

func TestZeroEveryIsHourly(t *testing.T) {
	var e Every
	if e.OnCalendar() != "hourly" || e.String() != "1h" {
		t.Fatalf("zero Every = %q/%q, want hourly/1h", e.OnCalendar(), e.String())
	}
}

func TestRandomizedDelayNeverSwallowsThePeriod(t *testing.T) {
	for _, in := range []string{"5m", "10m", "15m", "20m", "30m", "1h", "1d"} {
		e, err := ParseEvery(in)
		if err != nil {
			t.Fatal(err)
		}
		got := e.RandomizedDelay()
		var d time.Duration
		if got == "10min" {
			d = 10 * time.Minute
		} else {
			d, err = time.ParseDuration(got)
			if err != nil {
				t.Fatalf("%s: RandomizedDelay %q is not a duration", in, got)
			}
		}
		if d > e.Duration()/2 {
			t.Errorf("%s: delay %v is more than half the period", in, d)
		}
		if d > 10*time.Minute {
			t.Errorf("%s: delay %v is more than 10 minutes", in, d)
		}
	}
}

// The slots must fire exactly once per period: walking a day minute by
// minute, the gaps between firings all equal the period.
func TestSlotsFireOncePerPeriod(t *testing.T) {
	for _, in := range []string{"5m", "15m", "30m", "1h", "2h", "6h", "1d"} {
		e, err := ParseEvery(in)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC).Add(-time.Second)
		t0 := NextSlot(e.Slots(), start)
		prev := t0
		for i := 0; i < 5; i++ {
			next := NextSlot(e.Slots(), prev)
			if got := next.Sub(prev); got != e.Duration() {
				t.Fatalf("%s: gap %v after %v, want %v", in, got, prev, e.Duration())
			}
			prev = next
		}
		if !t0.Equal(time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: first slot %v, want midnight", in, t0)
		}
	}
}

func TestNextSlotEmpty(t *testing.T) {
	if got := NextSlot(nil, time.Now()); !got.IsZero() {
		t.Fatalf("NextSlot(nil) = %v, want zero", got)
	}
	bad := []Slot{{Minute: intp(75)}}
	if got := NextSlot(bad, time.Now()); !got.IsZero() {
		t.Fatalf("NextSlot(minute 75) = %v, want zero", got)
	}
}
