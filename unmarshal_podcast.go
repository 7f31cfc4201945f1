package feedspec

import (
	"math"
	"strconv"
	"time"
)

// Reading the "podcast" objects of the canonical JSON back (podcast.go;
// see unmarshal.go).

// float reads a number that may be null (nil).
func (r *jsonReader) float(path string, vs, ve int) (*float64, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	f, err := strconv.ParseFloat(string(r.data[vs:ve]), 64)
	if err != nil {
		if c := r.data[vs]; c != '-' && (c < '0' || c > '9') {
			return nil, wrongType(path, r.data[vs:], "a number")
		}
		return nil, fail(path, "a number out of range: "+string(r.data[vs:ve]))
	}
	return &f, nil
}

// isTrue reads a boolean; null is false.
func (r *jsonReader) isTrue(path string, vs, ve int) (bool, error) {
	b, err := r.boolPtr(path, vs, ve)
	return b != nil && *b, err
}

// fractionalSeconds reads a duration in seconds, with a fraction or not.
func (r *jsonReader) fractionalSeconds(path string, vs, ve int) (time.Duration, error) {
	f, err := r.float(path, vs, ve)
	if f == nil || err != nil {
		return 0, err
	}
	if math.Abs(*f) > float64(maxDurationSeconds) {
		return 0, fail(path, "a duration out of range: "+string(r.data[vs:ve]))
	}
	return time.Duration(math.Round(*f * 1e9)), nil
}

// podcastPersons reads a list of PodcastPersons.
func (r *jsonReader) podcastPersons(path string, vs int) ([]PodcastPerson, error) {
	var list []PodcastPerson
	err := r.elements(path, vs, func(n, vs, ve int) error {
		var p PodcastPerson
		err := r.strObject(elemPath(path, n), vs, strField{"name", &p.Name}, strField{"role", &p.Role},
			strField{"group", &p.Group}, strField{"img", &p.Img}, strField{"href", &p.Href})
		list = append(list, p)
		return err
	})
	return list, err
}

// podcastValues reads a list of PodcastValues.
func (r *jsonReader) podcastValues(path string, vs int) ([]PodcastValue, error) {
	var list []PodcastValue
	err := r.elements(path, vs, func(n, vs, ve int) error {
		var v PodcastValue
		path := elemPath(path, n)
		err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
			kp := jsonPath(path, string(key))
			switch string(key) {
			case "type":
				v.Type, err = r.str(kp, vs, ve)
			case "method":
				v.Method, err = r.str(kp, vs, ve)
			case "suggested":
				v.Suggested, err = r.str(kp, vs, ve)
			case "recipients":
				v.Recipients = nil
				err = r.elements(kp, vs, func(n, vs, ve int) error {
					var rc PodcastValueRecipient
					path := elemPath(kp, n)
					err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
						kp := jsonPath(path, string(key))
						switch string(key) {
						case "name":
							rc.Name, err = r.str(kp, vs, ve)
						case "type":
							rc.Type, err = r.str(kp, vs, ve)
						case "address":
							rc.Address, err = r.str(kp, vs, ve)
						case "split":
							rc.Split, err = r.float(kp, vs, ve)
						case "custom_key":
							rc.CustomKey, err = r.str(kp, vs, ve)
						case "custom_value":
							rc.CustomValue, err = r.str(kp, vs, ve)
						case "fee":
							rc.Fee, err = r.isTrue(kp, vs, ve)
						}
						return err
					})
					v.Recipients = append(v.Recipients, rc)
					return err
				})
			}
			return err
		})
		list = append(list, v)
		return err
	})
	return list, err
}

// feedPodcast reads a feed's "podcast" object; null is nil.
func (r *jsonReader) feedPodcast(path string, vs int) (*FeedPodcast, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	pc := &FeedPodcast{}
	return pc, r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "guid":
			pc.GUID, err = r.str(p, vs, ve)
		case "locked":
			pc.Locked, err = r.boolPtr(p, vs, ve)
		case "locked_owner":
			pc.LockedOwner, err = r.str(p, vs, ve)
		case "funding":
			pc.Funding = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				var f PodcastFunding
				err := r.strObject(elemPath(p, n), vs, strField{"url", &f.URL}, strField{"text", &f.Text})
				pc.Funding = append(pc.Funding, f)
				return err
			})
		case "persons":
			pc.Persons, err = r.podcastPersons(p, vs)
		case "values":
			pc.Values, err = r.podcastValues(p, vs)
		}
		return err
	})
}

// entryPodcast reads an entry's "podcast" object; null is nil.
func (r *jsonReader) entryPodcast(path string, vs int) (*EntryPodcast, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	pc := &EntryPodcast{}
	return pc, r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "transcripts":
			pc.Transcripts = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				var t PodcastTranscript
				err := r.strObject(elemPath(p, n), vs, strField{"url", &t.URL}, strField{"type", &t.Type},
					strField{"language", &t.Language}, strField{"rel", &t.Rel})
				pc.Transcripts = append(pc.Transcripts, t)
				return err
			})
		case "chapters":
			pc.Chapters = nil
			if r.data[vs] == 'n' {
				return nil
			}
			c := &PodcastChapters{}
			pc.Chapters = c
			err = r.strObject(p, vs, strField{"url", &c.URL}, strField{"type", &c.Type})
		case "persons":
			pc.Persons, err = r.podcastPersons(p, vs)
		case "season":
			pc.Season = nil
			if r.data[vs] == 'n' {
				return nil
			}
			s := &PodcastSeason{}
			pc.Season = s
			err = r.members(p, vs, func(key []byte, vs, ve int) (err error) {
				switch string(key) {
				case "number":
					var n *int
					n, err = r.intPtr(jsonPath(p, "number"), vs, ve)
					if n != nil {
						s.Number = *n
					}
				case "name":
					s.Name, err = r.str(jsonPath(p, "name"), vs, ve)
				}
				return err
			})
		case "episode":
			pc.Episode = nil
			if r.data[vs] == 'n' {
				return nil
			}
			e := &PodcastEpisode{}
			pc.Episode = e
			err = r.members(p, vs, func(key []byte, vs, ve int) (err error) {
				switch string(key) {
				case "number":
					var f *float64
					f, err = r.float(jsonPath(p, "number"), vs, ve)
					if f != nil {
						e.Number = *f
					}
				case "display":
					e.Display, err = r.str(jsonPath(p, "display"), vs, ve)
				}
				return err
			})
		case "soundbites":
			pc.Soundbites = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				var sb PodcastSoundbite
				path := elemPath(p, n)
				err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
					kp := jsonPath(path, string(key))
					switch string(key) {
					case "start_time":
						sb.StartTime, err = r.fractionalSeconds(kp, vs, ve)
					case "duration":
						sb.Duration, err = r.fractionalSeconds(kp, vs, ve)
					case "title":
						sb.Title, err = r.str(kp, vs, ve)
					}
					return err
				})
				pc.Soundbites = append(pc.Soundbites, sb)
				return err
			})
		case "alternate_enclosures":
			pc.AlternateEnclosures = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				a, err := r.alternateEnclosure(elemPath(p, n), vs)
				pc.AlternateEnclosures = append(pc.AlternateEnclosures, a)
				return err
			})
		case "values":
			pc.Values, err = r.podcastValues(p, vs)
		}
		return err
	})
}

// alternateEnclosure reads a PodcastAlternateEnclosure.
func (r *jsonReader) alternateEnclosure(path string, vs int) (PodcastAlternateEnclosure, error) {
	var a PodcastAlternateEnclosure
	err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "type":
			a.Type, err = r.str(p, vs, ve)
		case "length":
			a.Length, err = r.int64Ptr(p, vs, ve)
		case "bitrate":
			a.Bitrate, err = r.float(p, vs, ve)
		case "height":
			a.Height, err = r.intPtr(p, vs, ve)
		case "lang":
			a.Lang, err = r.str(p, vs, ve)
		case "codecs":
			a.Codecs, err = r.str(p, vs, ve)
		case "rel":
			a.Rel, err = r.str(p, vs, ve)
		case "title":
			a.Title, err = r.str(p, vs, ve)
		case "default":
			a.Default, err = r.isTrue(p, vs, ve)
		case "sources":
			a.Sources = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				var s PodcastSource
				err := r.strObject(elemPath(p, n), vs, strField{"uri", &s.URI}, strField{"content_type", &s.ContentType})
				a.Sources = append(a.Sources, s)
				return err
			})
		case "integrity":
			a.Integrity = nil
			if r.data[vs] == 'n' {
				return nil
			}
			in := &PodcastIntegrity{}
			a.Integrity = in
			err = r.strObject(p, vs, strField{"type", &in.Type}, strField{"value", &in.Value})
		}
		return err
	})
	return a, err
}
