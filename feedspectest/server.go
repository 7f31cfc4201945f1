package feedspectest

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Server is an HTTP server on the loopback interface that serves the files
// of an fs.FS as a feed host does. Its embedded *httptest.Server gives its
// URL (s.URL) and Close; a file name.xml at the root of the fs.FS is at
// s.URL + "/name.xml".
//
// By default a file is served with status 200, a Content-Type from its
// extension (.xml application/xml, .rss application/rss+xml, .atom
// application/atom+xml, .rdf application/rdf+xml, .json application/json,
// .html text/html, .txt text/plain; otherwise none, so that net/http sniffs
// one), a strong ETag computed from its content and a Last-Modified from its
// modification time (or 1 January 2024 when the fs.FS has none), and a
// conditional request that matches them (If-None-Match, else
// If-Modified-Since) is answered 304 Not Modified. A missing file is a 404;
// a request path that is not a valid fs.FS path (one with a ".." element,
// for example) is a 400 and reaches nothing outside the fs.FS. GET and HEAD
// are served; other methods get a 405.
//
// A folder is served by its index.html when it has one, as http.FileServer
// does: s.URL + "/" is the index.html at the root of the fs.FS (a site's
// home page, which can link to its feeds for feedspec.DiscoverFeeds), and
// "/blog/" the one in the folder blog; a folder's URL without its final
// slash ("/blog") is redirected (301) to the URL with it, so that the
// page's relative links resolve inside the folder. A folder without an
// index.html is a 404 (no listing), and so is a file's URL with a final
// slash. Unlike http.FileServer, "/index.html" is served as it is, not
// redirected to "./".
//
// Set changes how one path is answered, and Redirect makes redirect chains.
// A Server is safe for concurrent use.
//
// Being on loopback, a Server is refused by a feedspec.Fetcher whose Client
// is nil: give the Fetcher s.Client() (a client of the caller's, used as it
// is), or allow the server's address with its AllowAddresses
// (127.0.0.1/32), or set its AllowPrivateNetworks.
type Server struct {
	*httptest.Server

	fsys fs.FS
	root *os.Root // an os.DirFS's folder, which fsys then serves; else nil

	mu        sync.Mutex
	behaviors map[string]Behavior
	requests  []Request
}

// A Behavior is how a Server answers the requests for one path, set with
// Set. The zero Behavior is the default: the file, with validators and 304s.
type Behavior struct {
	// Status, when not 0, is the status of every answer: the body is then
	// the file's content when there is a file (with its Content-Type),
	// else the status text. With Location it is a redirect.
	Status int

	// Location is the Location header: the target of a redirect, a path
	// on the Server ("/feed.xml") or an absolute URL.
	Location string

	// RetryAfter is the Retry-After header, sent as it is: a number of
	// seconds ("120") or an HTTP date.
	RetryAfter string

	// ContentType replaces the Content-Type the extension gives; Charset,
	// when not "", is added to it as its charset parameter.
	ContentType string
	Charset     string

	// Gzip sends the body gzip-compressed, with Content-Encoding: gzip,
	// whatever the request's Accept-Encoding (as some hosts do).
	Gzip bool

	// NoValidators serves the file with neither ETag nor Last-Modified and
	// never answers 304, like a host that ignores conditional requests.
	NoValidators bool

	// Delay waits this long before answering (less when the request is
	// canceled, or the Server closed, meanwhile).
	Delay time.Duration

	// TruncateAfter, when positive, drops the connection after this many
	// bytes of the body (after gzip, if any) have been sent, the
	// Content-Length having announced all of them: the client reading the
	// body gets an unexpected EOF.
	TruncateAfter int

	// Header holds more response headers (Cache-Control, Expires, …),
	// sent on every answer for the path.
	Header http.Header
}

// A Request is a request the Server received.
type Request struct {
	Method string
	Path   string // the URL's path, decoded
	// Conditional reports whether the request carried If-None-Match or
	// If-Modified-Since.
	Conditional bool
	Header      http.Header // the request's header
	// StatusCode is the status the Server answered; 0 while it has not.
	StatusCode int
	// Time is when the request arrived.
	Time time.Time
}

// NewServer starts a Server serving the files of fsys (os.DirFS("testdata"),
// an embed.FS, an fstest.MapFS, …). Close it when done (t.Cleanup(s.Close)).
//
// The Server keeps requests inside fsys, and an os.DirFS inside its folder:
// it is served through an os.Root opened on the folder (os.OpenRoot), so
// that a symbolic link leading out of the folder is refused (a 404, as for
// a missing file), where os.DirFS would follow it; links that stay inside
// are followed. Any other fs.FS decides itself what its files are (an
// os.Root's FS is as safe).
func NewServer(fsys fs.FS) *Server {
	s := &Server{fsys: fsys, behaviors: map[string]Behavior{}}
	if dir, ok := dirFSFolder(fsys); ok {
		if root, err := os.OpenRoot(dir); err == nil {
			s.root, s.fsys = root, root.FS()
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// dirFSFolder returns the folder of fsys when it is an os.DirFS (a string
// type of package os, the folder's name).
func dirFSFolder(fsys fs.FS) (string, bool) {
	v := reflect.ValueOf(fsys)
	if fsys == nil || v.Type() != reflect.TypeOf(os.DirFS(".")) || v.Kind() != reflect.String {
		return "", false
	}
	return v.String(), true
}

// Close shuts the Server down, as httptest.Server's Close does, and closes
// the os.Root it serves an os.DirFS through.
func (s *Server) Close() {
	s.Server.Close()
	if s.root != nil {
		_ = s.root.Close()
	}
}

// Set sets how the Server answers the requests for path ("/feed.xml"; a
// missing leading slash is added), replacing any Behavior set before.
func (s *Server) Set(path string, b Behavior) {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.behaviors[path] = b
}

// Redirect makes a chain of redirects from the path from to to (a path or
// an absolute URL), one for each status in codes (301, 302, 303, 307 or
// 308), in order: Redirect("/old", "/feed.xml", 301, 302) answers /old with a
// 301 to /old~1, which answers with a 302 to /feed.xml. The intermediate
// paths are from followed by ~1, ~2, and so on. It panics if codes is empty
// or holds a status that is not a redirect.
func (s *Server) Redirect(from, to string, codes ...int) {
	if len(codes) == 0 {
		panic("feedspectest: Redirect needs at least one status")
	}
	if !strings.HasPrefix(from, "/") {
		from = "/" + from
	}
	at := from
	for i, code := range codes {
		switch code {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
			http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		default:
			panic(fmt.Sprintf("feedspectest: Redirect: %d is not a redirect status", code))
		}
		next := to
		if i < len(codes)-1 {
			next = from + "~" + strconv.Itoa(i+1)
		}
		s.Set(at, Behavior{Status: code, Location: next})
		at = next
	}
}

// Requests returns the requests the Server received, in the order they
// arrived.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// serve answers one request and logs it.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b := s.behaviors[r.URL.Path]
	i := len(s.requests)
	s.requests = append(s.requests, Request{
		Method:      r.Method,
		Path:        r.URL.Path,
		Conditional: r.Header.Get("If-None-Match") != "" || r.Header.Get("If-Modified-Since") != "",
		Header:      r.Header.Clone(),
		Time:        time.Now(),
	})
	s.mu.Unlock()

	rec := &statusRecorder{ResponseWriter: w}
	defer func() {
		s.mu.Lock()
		s.requests[i].StatusCode = rec.status
		s.mu.Unlock()
	}()
	s.answer(rec, r, b)
}

// answer writes the response to r.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, b Behavior) {
	if b.Delay > 0 {
		timer := time.NewTimer(b.Delay)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-r.Context().Done():
			return
		}
	}
	h := w.Header()
	for name, values := range b.Header {
		h[name] = append([]string(nil), values...)
	}
	if b.RetryAfter != "" {
		h.Set("Retry-After", b.RetryAfter)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := fsName(r.URL.Path)
	if !ok {
		http.Error(w, "400 the path is not inside the served files", http.StatusBadRequest)
		return
	}
	if b.Location != "" {
		h.Set("Location", b.Location)
	}
	index, isIndex := s.indexFile(name)
	if isIndex {
		if !strings.HasSuffix(r.URL.Path, "/") && b.Status == 0 {
			target := path.Base(r.URL.Path) + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			h.Set("Location", target)
			http.Error(w, "301 moved permanently", http.StatusMovedPermanently)
			return
		}
		name = index
	}
	data, modTime, err := s.readFile(name)
	// A final slash names a folder: a file's URL with one is not found.
	found := err == nil && (isIndex || !strings.HasSuffix(r.URL.Path, "/"))
	if b.Status != 0 && b.Status != http.StatusOK {
		if !found {
			data = []byte(strconv.Itoa(b.Status) + " " + http.StatusText(b.Status) + "\n")
			h.Set("Content-Type", "text/plain; charset=utf-8")
		} else {
			setContentType(h, name, b)
		}
		s.writeBody(w, r, b, b.Status, data)
		return
	}
	if !found {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	setContentType(h, name, b)
	if !b.NoValidators {
		sum := sha256.Sum256(data)
		etag := `"` + hex.EncodeToString(sum[:8]) + `"`
		h.Set("ETag", etag)
		h.Set("Last-Modified", modTime.UTC().Format(http.TimeFormat))
		if notModified(r, etag, modTime) {
			h.Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	s.writeBody(w, r, b, http.StatusOK, data)
}

// writeBody writes the status and body, gzipped and truncated as b says.
func (s *Server) writeBody(w http.ResponseWriter, r *http.Request, b Behavior, status int, body []byte) {
	h := w.Header()
	if b.Gzip {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		_, _ = zw.Write(body)
		_ = zw.Close()
		body = buf.Bytes()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	if b.TruncateAfter > 0 && b.TruncateAfter < len(body) {
		_, _ = w.Write(body[:b.TruncateAfter])
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		// Drops the connection; net/http does not log this panic.
		panic(http.ErrAbortHandler)
	}
	_, _ = w.Write(body)
}

// fsName returns the fs.FS name of a request path, and whether it is one.
func fsName(urlPath string) (string, bool) {
	if !strings.HasPrefix(urlPath, "/") {
		return "", false
	}
	name := urlPath[1:]
	if len(name) > 1 && strings.HasSuffix(name, "/") {
		name = name[:len(name)-1] // a folder's URL: "/blog/"
	}
	if name == "" {
		name = "."
	}
	return name, fs.ValidPath(name) && !strings.Contains(name, `\`)
}

// indexFile returns the name of the index.html of the folder name, and
// whether name is a folder with one.
func (s *Server) indexFile(name string) (string, bool) {
	info, err := fs.Stat(s.fsys, name)
	if err != nil || !info.IsDir() {
		return "", false
	}
	index := path.Join(name, "index.html")
	info, err = fs.Stat(s.fsys, index)
	return index, err == nil && info.Mode().IsRegular()
}

// lastModifiedDefault is the Last-Modified of files whose fs.FS has no
// modification time (an fstest.MapFS file without ModTime, an embed.FS).
var lastModifiedDefault = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

// readFile returns the content and modification time of the regular file
// name.
func (s *Server) readFile(name string) ([]byte, time.Time, error) {
	info, err := fs.Stat(s.fsys, name)
	if err != nil {
		return nil, time.Time{}, err
	}
	if !info.Mode().IsRegular() {
		return nil, time.Time{}, fmt.Errorf("%s is not a file", name)
	}
	data, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, time.Time{}, err
	}
	mod := info.ModTime().Truncate(time.Second)
	if mod.IsZero() || mod.Unix() <= 0 {
		mod = lastModifiedDefault
	}
	return data, mod, nil
}

// contentTypes are the Content-Types a Server gives by file extension.
var contentTypes = map[string]string{
	".xml":  "application/xml",
	".rss":  "application/rss+xml",
	".atom": "application/atom+xml",
	".rdf":  "application/rdf+xml",
	".json": "application/json",
	".html": "text/html",
	".htm":  "text/html",
	".txt":  "text/plain",
}

// setContentType sets the Content-Type of the file name as b says.
func setContentType(h http.Header, name string, b Behavior) {
	ct := b.ContentType
	if ct == "" {
		ct = contentTypes[strings.ToLower(path.Ext(name))]
	}
	if ct == "" {
		return
	}
	if b.Charset != "" {
		ct += "; charset=" + b.Charset
	}
	h.Set("Content-Type", ct)
}

// notModified reports whether the conditional headers of r match the
// validators (If-None-Match decides when present, RFC 9110 section 13.2.2).
func notModified(r *http.Request, etag string, modTime time.Time) bool {
	if inm := r.Header.Values("If-None-Match"); len(inm) > 0 {
		for _, v := range inm {
			for _, tag := range strings.Split(v, ",") {
				tag = strings.TrimSpace(tag)
				if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
					return true
				}
			}
		}
		return false
	}
	if ims := r.Header.Get("If-Modified-Since"); ims != "" {
		t, err := http.ParseTime(ims)
		return err == nil && !modTime.After(t)
	}
	return false
}

// A statusRecorder remembers the status written through it.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// Flush passes on to the ResponseWriter's Flush.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
