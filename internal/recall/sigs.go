package recall

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/automem/automem/internal/atomicfile"
)

// Every update starts from the signature and id of every indexed document
// (see apply); loading 10,000 of them row by row through SQL was a sixth
// of an incremental update's CPU. So an update that wrote the index saves
// them beside it (path + ".sigs"), with the generation it gave the index:
// a random token stored in meta at every write. The next update uses the
// file only when the index's generation is still the one in it; any other
// writer, a crash between the commit and the save, or a rebuild changes
// the generation, and the signatures are read from the index as before.

const sigsMagic = "automem recall sigs 1\n"

func sigsPath(path string) string { return path + ".sigs" }

// newGen makes a generation token.
func newGen() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// gen is the index's generation ("" before its first write).
func (ix *Index) gen() (string, error) {
	var g string
	err := ix.db.QueryRow(`SELECT coalesce((SELECT value FROM meta WHERE key = 'gen'), '')`).Scan(&g)
	if err != nil {
		return "", fmt.Errorf("read index: %w", err)
	}
	return g, nil
}

// setGen gives the index a new generation inside tx.
func setGen(exec func(string, ...any) error) (string, error) {
	g, err := newGen()
	if err != nil {
		return "", err
	}
	return g, exec(`INSERT OR REPLACE INTO meta(key, value) VALUES('gen', ?)`, g)
}

// loadSigs returns every indexed document's signature and id and the
// index's generation; saved says they came from the file at file, which
// then needs no saving again.
func (ix *Index) loadSigs(file string) (sigs map[int64]int64, gen string, saved bool, err error) {
	// The generation is read first: a writer that commits between the
	// two reads leaves a newer generation than the one returned, so what
	// is saved with it is never taken for that writer's.
	if gen, err = ix.gen(); err != nil {
		return nil, "", false, err
	}
	if gen != "" {
		if m, ok := readSigs(file, gen); ok {
			return m, gen, true, nil
		}
	}
	sigs, err = ix.sigs()
	return sigs, gen, false, err
}

// readSigs reads the file when it was saved for generation gen.
func readSigs(file, gen string) (map[int64]int64, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	head := sigsMagic + gen + "\n"
	if !bytes.HasPrefix(data, []byte(head)) || (len(data)-len(head))%16 != 0 {
		return nil, false
	}
	data = data[len(head):]
	m := make(map[int64]int64, len(data)/16)
	for ; len(data) > 0; data = data[16:] {
		m[int64(binary.LittleEndian.Uint64(data))] = int64(binary.LittleEndian.Uint64(data[8:]))
	}
	return m, true
}

// saveSigs writes the signatures of generation gen (atomically: a torn
// file would be refused by its length, a stale one by its generation).
func saveSigs(file, gen string, sigs map[int64]int64) error {
	data := make([]byte, 0, len(sigsMagic)+len(gen)+1+16*len(sigs))
	data = append(data, sigsMagic...)
	data = append(data, gen...)
	data = append(data, '\n')
	for sig, id := range sigs {
		data = binary.LittleEndian.AppendUint64(data, uint64(sig))
		data = binary.LittleEndian.AppendUint64(data, uint64(id))
	}
	return atomicfile.Write(file, data, 0o600)
}
