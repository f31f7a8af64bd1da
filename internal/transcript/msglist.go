package transcript

import "hash/maphash"

// msgList is an ordered set of messages keyed by id, supporting the
// operations of Gemini's log: replace in place, truncate from an id, reset.
// Ids are keyed by a seeded 64-bit hash so a metadata-only scan allocates no
// id strings; the seed is per Reader, so colliding ids cannot be planned.
type msgList struct {
	items []Message
	keys  []uint64 // keys[i] is the hash of items[i]'s id
	idx   map[uint64]int
	seed  maphash.Seed
	full  bool // keep Message.ID
}

func (l *msgList) put(id []byte, m Message) {
	k := maphash.Bytes(l.seed, id)
	if i, ok := l.idx[k]; ok {
		m.ID = l.items[i].ID
		l.items[i] = m
		return
	}
	if l.full {
		m.ID = string(id)
	}
	l.idx[k] = len(l.items)
	l.items = append(l.items, m)
	l.keys = append(l.keys, k)
}

// rewind drops the message with id and everything after it; an unknown id
// drops everything, as Gemini CLI does.
func (l *msgList) rewind(id []byte) {
	i, ok := l.idx[maphash.Bytes(l.seed, id)]
	if !ok {
		l.reset()
		return
	}
	for _, k := range l.keys[i:] {
		delete(l.idx, k)
	}
	clear(l.items[i:])
	l.items, l.keys = l.items[:i], l.keys[:i]
}

func (l *msgList) reset() {
	clear(l.idx)
	clear(l.items)
	l.items, l.keys = l.items[:0], l.keys[:0]
}
