package websub

import (
	"errors"
	"net/http"
	"strconv"
	"unicode/utf8"
)

// The errors of the package. Every message starts with "websub: ". Texts
// taken from a hub's answer or a request (a hub's message, a denial's
// reason) are quoted (strconv.Quote) and cut to 200 bytes.
var (
	// ErrInvalid is matched by the error of a call given something it
	// cannot use: a hub, topic or callback URL that is not an absolute
	// http or https URL, a Subscription without its fields.
	ErrInvalid = errors.New("websub: invalid argument")

	// ErrHub is matched by the *HubError of a hub that answered a
	// subscription or unsubscription request with a status other than 2xx.
	ErrHub = errors.New("websub: the hub refused the request")

	// ErrNotSubscribed is matched by the error of Unsubscribe given a
	// Subscription the Subscriber does not hold.
	ErrNotSubscribed = errors.New("websub: not a subscription of this Subscriber")

	// ErrSignature is matched by the error OnDrop receives for a content
	// distribution whose X-Hub-Signature is missing, names an algorithm
	// other than sha1, sha256, sha384 and sha512, is not the hexadecimal
	// digest of that algorithm, or does not match the body.
	ErrSignature = errors.New("websub: missing or wrong X-Hub-Signature")

	// ErrNotActive is matched by the error OnDrop receives for a content
	// distribution to a subscription that is not verified (still pending,
	// denied, or being unsubscribed).
	ErrNotActive = errors.New("websub: content for a subscription that is not active")

	// ErrBusy is matched by the error OnDrop receives for a content
	// distribution that arrived while MaxConcurrent others were being
	// read, parsed or handed to OnFeed: it is answered 503 Service
	// Unavailable, for the hub to send it again later.
	ErrBusy = errors.New("websub: too many content distributions at once")
)

// maxQuoted is the number of bytes of a hub's text an error quotes at most.
const maxQuoted = 200

// quoteCut returns s quoted, cut to maxQuoted bytes at a UTF-8 boundary,
// with "..." after the closing quote when it was longer.
func quoteCut(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// A HubError is the error of Subscribe or Unsubscribe when the hub answered
// with a status other than 2xx. It matches ErrHub.
type HubError struct {
	// Hub is the hub's URL, as given.
	Hub string
	// Mode is the request's hub.mode: "subscribe" or "unsubscribe".
	Mode string
	// StatusCode and Status are the answer's status ("400 Bad Request").
	StatusCode int
	Status     string
	// Message is the start of the answer's body (at most 1 KiB), the
	// description of the error the Recommendation asks hubs to send as
	// plain text. It is the hub's text, untrusted.
	Message string
}

// Error names the hub, the status and the hub's message.
func (e *HubError) Error() string {
	status := e.Status
	if status == "" {
		status = strconv.Itoa(e.StatusCode) + " " + http.StatusText(e.StatusCode)
	}
	msg := "websub: the hub " + quoteCut(e.Hub) + " answered the " + e.Mode + " request with " + status
	if e.Message != "" {
		msg += ": " + quoteCut(e.Message)
	}
	return msg
}

// Unwrap returns ErrHub.
func (e *HubError) Unwrap() error { return ErrHub }

// A wrapError is an error with its own message wrapping one or more others.
type wrapError struct {
	msg  string
	errs []error
}

func (e *wrapError) Error() string   { return e.msg }
func (e *wrapError) Unwrap() []error { return e.errs }

// invalid returns an error matching ErrInvalid with the message msg.
func invalid(msg string) error {
	return &wrapError{msg: "websub: " + msg, errs: []error{ErrInvalid}}
}
