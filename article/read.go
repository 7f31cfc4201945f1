package article

import (
	"fmt"
	"io"

	"github.com/feedspec/feedspec"
)

// firstChunk is the size of the first chunk readLimited allocates when the
// page's length is not known.
const firstChunk = 32 << 10

// lenHint returns the number of bytes r says it has left (a *bytes.Reader,
// *strings.Reader or *bytes.Buffer does), else -1.
func lenHint(r io.Reader) int64 {
	if l, ok := r.(interface{ Len() int }); ok {
		return int64(l.Len())
	}
	return -1
}

// readLimited reads r to its end, failing when it holds more than limit
// bytes (limit <= 0: no limit). hint is the page's length when known (its
// Content-Length), else -1.
//
// It never grows a buffer by copying it, as io.ReadAll does: a page of a
// known length is read into one buffer of that length; one of an unknown
// length into chunks, each allocated once (at most half of what was read
// before it), joined once at the end; a page over the limit is refused
// having allocated the limit once.
func readLimited(r io.Reader, limit, hint int64) ([]byte, error) {
	var chunks [][]byte
	total := int64(0)
	probe := make([]byte, 1)
	for {
		// One byte first, so that a page that has ended costs no chunk.
		n, err := r.Read(probe)
		if n == 0 {
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, readError(err)
			}
			continue
		}
		size := max(firstChunk, total/2)
		if hint > total {
			size = hint - total // none unused
		}
		if limit > 0 {
			size = min(size, limit-total+1)
		}
		chunk := make([]byte, max(size, 1))
		chunk[0] = probe[0]
		m := 1
		for m < len(chunk) && err == nil {
			n, err = r.Read(chunk[m:])
			m += n
		}
		chunks = append(chunks, chunk[:m])
		total += int64(m)
		if limit > 0 && total > limit {
			return nil, fmt.Errorf("article: the page is longer than %d bytes (see WithMaxSize): %w", limit, feedspec.ErrBodyTooLarge)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, readError(err)
		}
	}
	switch len(chunks) {
	case 0:
		return nil, nil
	case 1:
		return chunks[0], nil
	}
	data := make([]byte, 0, total)
	for _, c := range chunks {
		data = append(data, c...)
	}
	return data, nil
}

func readError(err error) error {
	return fmt.Errorf("article: reading the page: %w", err)
}
