// reference-go: the reference implementation's evaluation speed, for
// benches/eval.rs's function table (hcl 2.14.1 hclsyntax, go-cty 1.12.1's
// standard functions plus tryfunc's try and can: the same functions as
// ../shared/tools/hcl-oracle with --all-funcs).
//
// Reads one JSON document on stdin:
//
//	{"ms": 300, "cases": [{"name": "...", "vars": [["x", "SOURCE"], ...], "expr": "SOURCE"}]}
//
// Each variable's source is an HCL expression, evaluated once, in order,
// with the functions and the variables before it. The case's expression is
// parsed once, then evaluated in batches for about "ms" milliseconds; the
// answer is one JSON line per case on stdout:
//
//	{"name": "...", "ns_per_call": 123.4, "calls": 100000, "result": "JSON of the value"}
//
// (or "error" in place of the figures when a variable or the expression
// fails). ns_per_call is the fastest batch's mean: the figure least
// disturbed by other work on the machine, measured the same way as the
// Rust side of benches/eval.rs measures.
//
// Built by build.sh, offline, exactly as ../shared/tools/hcl-oracle is.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

type benchCase struct {
	Name string      `json:"name"`
	Vars [][2]string `json:"vars"`
	Expr string      `json:"expr"`
}

type request struct {
	Ms    int         `json:"ms"`
	Cases []benchCase `json:"cases"`
}

type answer struct {
	Name      string  `json:"name"`
	NsPerCall float64 `json:"ns_per_call,omitempty"`
	Calls     int     `json:"calls,omitempty"`
	Result    string  `json:"result,omitempty"`
	Error     string  `json:"error,omitempty"`
}

// The functions of hcl-oracle --all-funcs.
func functions() map[string]function.Function {
	return map[string]function.Function{
		"upper":                  stdlib.UpperFunc,
		"lower":                  stdlib.LowerFunc,
		"length":                 stdlib.LengthFunc,
		"strlen":                 stdlib.StrlenFunc,
		"concat":                 stdlib.ConcatFunc,
		"jsonencode":             stdlib.JSONEncodeFunc,
		"tostring":               stdlib.MakeToFunc(cty.String),
		"tonumber":               stdlib.MakeToFunc(cty.Number),
		"tobool":                 stdlib.MakeToFunc(cty.Bool),
		"tolist":                 stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset":                  stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
		"tomap":                  stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		"min":                    stdlib.MinFunc,
		"max":                    stdlib.MaxFunc,
		"abs":                    stdlib.AbsoluteFunc,
		"format":                 stdlib.FormatFunc,
		"join":                   stdlib.JoinFunc,
		"split":                  stdlib.SplitFunc,
		"keys":                   stdlib.KeysFunc,
		"values":                 stdlib.ValuesFunc,
		"coalesce":               stdlib.CoalesceFunc,
		"range":                  stdlib.RangeFunc,
		"reverse":                stdlib.ReverseListFunc,
		"element":                stdlib.ElementFunc,
		"jsondecode":             stdlib.JSONDecodeFunc,
		"csvdecode":              stdlib.CSVDecodeFunc,
		"floor":                  stdlib.FloorFunc,
		"ceil":                   stdlib.CeilFunc,
		"pow":                    stdlib.PowFunc,
		"log":                    stdlib.LogFunc,
		"signum":                 stdlib.SignumFunc,
		"parseint":               stdlib.ParseIntFunc,
		"int":                    stdlib.IntFunc,
		"substr":                 stdlib.SubstrFunc,
		"strrev":                 stdlib.ReverseFunc,
		"title":                  stdlib.TitleFunc,
		"trimspace":              stdlib.TrimSpaceFunc,
		"trim":                   stdlib.TrimFunc,
		"trimprefix":             stdlib.TrimPrefixFunc,
		"trimsuffix":             stdlib.TrimSuffixFunc,
		"chomp":                  stdlib.ChompFunc,
		"indent":                 stdlib.IndentFunc,
		"replace":                stdlib.ReplaceFunc,
		"regex":                  stdlib.RegexFunc,
		"regexall":               stdlib.RegexAllFunc,
		"regex_replace":          stdlib.RegexReplaceFunc,
		"formatlist":             stdlib.FormatListFunc,
		"formatdate":             stdlib.FormatDateFunc,
		"merge":                  stdlib.MergeFunc,
		"flatten":                stdlib.FlattenFunc,
		"distinct":               stdlib.DistinctFunc,
		"contains":               stdlib.ContainsFunc,
		"lookup":                 stdlib.LookupFunc,
		"slice":                  stdlib.SliceFunc,
		"sort":                   stdlib.SortFunc,
		"chunklist":              stdlib.ChunklistFunc,
		"zipmap":                 stdlib.ZipmapFunc,
		"compact":                stdlib.CompactFunc,
		"coalescelist":           stdlib.CoalesceListFunc,
		"setunion":               stdlib.SetUnionFunc,
		"setintersection":        stdlib.SetIntersectionFunc,
		"setproduct":             stdlib.SetProductFunc,
		"setsubtract":            stdlib.SetSubtractFunc,
		"setsymmetricdifference": stdlib.SetSymmetricDifferenceFunc,
		"try":                    tryfunc.TryFunc,
		"can":                    tryfunc.CanFunc,
	}
}

func parse(src string) (hclsyntax.Expression, error) {
	expr, diags := hclsyntax.ParseExpression([]byte(src), "bench.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	if diags.HasErrors() {
		return nil, diags
	}
	return expr, nil
}

// The JSON text of a value (jsonencode's), for comparing results.
func encode(v cty.Value) string {
	if !v.IsWhollyKnown() {
		return "(unknown)"
	}
	out, err := stdlib.JSONEncode(v)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return out.AsString()
}

func run(c benchCase, ms int) answer {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: functions()}
	for _, v := range c.Vars {
		expr, err := parse(v[1])
		if err != nil {
			return answer{Name: c.Name, Error: fmt.Sprintf("variable %s: %s", v[0], err)}
		}
		val, diags := expr.Value(ctx)
		if diags.HasErrors() {
			return answer{Name: c.Name, Error: fmt.Sprintf("variable %s: %s", v[0], diags)}
		}
		ctx.Variables[v[0]] = val
	}
	expr, err := parse(c.Expr)
	if err != nil {
		return answer{Name: c.Name, Error: err.Error()}
	}
	val, diags := expr.Value(ctx)
	if diags.HasErrors() {
		return answer{Name: c.Name, Error: diags.Error()}
	}
	// a batch of at least 2 ms
	batch := 1
	for {
		start := time.Now()
		for i := 0; i < batch; i++ {
			expr.Value(ctx)
		}
		if time.Since(start) >= 2*time.Millisecond {
			break
		}
		batch *= 2
	}
	best, calls := 0.0, 0
	deadline := time.Now().Add(time.Duration(ms) * time.Millisecond)
	for calls == 0 || time.Now().Before(deadline) {
		start := time.Now()
		for i := 0; i < batch; i++ {
			expr.Value(ctx)
		}
		per := float64(time.Since(start).Nanoseconds()) / float64(batch)
		if calls == 0 || per < best {
			best = per
		}
		calls += batch
	}
	return answer{Name: c.Name, NsPerCall: best, Calls: calls, Result: encode(val)}
}

func main() {
	var req request
	if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
		fmt.Fprintln(os.Stderr, "reference-go: bad request:", err)
		os.Exit(2)
	}
	if req.Ms <= 0 {
		req.Ms = 300
	}
	out := json.NewEncoder(os.Stdout)
	for _, c := range req.Cases {
		if err := out.Encode(run(c, req.Ms)); err != nil {
			os.Exit(1)
		}
	}
}
