package feedspec_test

import (
	"fmt"

	"github.com/feedspec/feedspec"
)

func ExampleSnippet() {
	fmt.Println(feedspec.Snippet("Our new café opens on Monday, with a menu of twelve dishes.", 30))
	fmt.Println(feedspec.Snippet("我们的新咖啡馆星期一开业，菜单上有十二道菜。", 14))
	fmt.Println(feedspec.Snippet("Short enough.", 30))
	// Output:
	// Our new café opens on Monday…
	// 我们的新咖啡馆星期一开业…
	// Short enough.
}
