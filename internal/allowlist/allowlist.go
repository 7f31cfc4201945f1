// Package allowlist holds what the root package and the article module
// share for their AllowAddresses settings: the canonical form of a list
// of address prefixes, and a small cache of the HTTP clients built for
// each list, so that a Fetcher (or article.Fetch) with the same list
// reuses one transport and its connection pool instead of building one a
// request.
//
// The article module imports it from the root module: change its API only
// compatibly.
package allowlist

import (
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
)

// Canonical returns the valid prefixes of allow, masked (10.1.2.3/8 is
// 10.0.0.0/8), sorted and each once; an IPv4-mapped IPv6 prefix of at
// least 96 bits (::ffff:127.0.0.1/128) becomes the IPv4 prefix it maps
// (127.0.0.1/32), as a guarded dialer judges an IPv4-mapped address as
// IPv4. It returns nil when none is valid (the zero Prefix and one whose
// bits are out of range are not). allow is not changed.
func Canonical(allow []netip.Prefix) []netip.Prefix {
	var out []netip.Prefix
	for _, p := range allow {
		if !p.IsValid() {
			continue
		}
		if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	slices.SortFunc(out, func(a, b netip.Prefix) int {
		if c := a.Addr().Compare(b.Addr()); c != 0 {
			return c
		}
		return a.Bits() - b.Bits()
	})
	return slices.Compact(out)
}

// Contains reports whether one of allow (canonical, see Canonical)
// contains addr, its zone left out, or the IPv4 address it maps when it is
// IPv4-mapped.
func Contains(allow []netip.Prefix, addr netip.Addr) bool {
	addr = addr.WithZone("")
	unmapped := addr.Unmap()
	for _, p := range allow {
		if p.Contains(addr) || p.Contains(unmapped) {
			return true
		}
	}
	return false
}

// key returns the cache key of a canonical list.
func key(allow []netip.Prefix) string {
	var b strings.Builder
	for _, p := range allow {
		b.WriteString(p.String())
		b.WriteByte(' ')
	}
	return b.String()
}

// MaxClients is how many clients a Clients keeps: a program uses one or a
// few lists, and one that uses more only loses the reuse of connections
// (the oldest client is let go, its idle connections closed).
const MaxClients = 16

// Clients caches a client for each list of prefixes. The zero Clients is
// not usable: set New.
type Clients struct {
	// New builds the client of a canonical, non-empty list.
	New func(allow []netip.Prefix) *http.Client

	mu      sync.Mutex
	clients map[string]*http.Client
	order   []string // keys, oldest first
}

// Get returns the client for allow (any list: it is made canonical), built
// by New the first time; nil when allow holds no valid prefix, for the
// caller to use the client that allows none.
func (c *Clients) Get(allow []netip.Prefix) *http.Client {
	canon := Canonical(allow)
	if len(canon) == 0 {
		return nil
	}
	k := key(canon)
	c.mu.Lock()
	defer c.mu.Unlock()
	if cl, ok := c.clients[k]; ok {
		return cl
	}
	if c.clients == nil {
		c.clients = make(map[string]*http.Client)
	}
	if len(c.order) == MaxClients {
		old := c.clients[c.order[0]]
		delete(c.clients, c.order[0])
		c.order = slices.Delete(c.order, 0, 1)
		old.CloseIdleConnections()
	}
	cl := c.New(canon)
	c.clients[k] = cl
	c.order = append(c.order, k)
	return cl
}

// Len returns how many clients c keeps (for tests).
func (c *Clients) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.clients)
}
