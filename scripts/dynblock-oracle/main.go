// dynblock-oracle: the reference's ext/dynblock (hashicorp/hcl v2, the
// Debian package the oracle builds from) over one case, printed as JSON
// for scripts/differential_dynblock.py to compare with hcl-native's
// answer (tests/dynblock_golden.rs writes the same shape).
//
// usage: dynblock-oracle MAIN.tf|MAIN.tf.json SCHEMA.json [VARS.json]
// (a name ending in .json is read as the JSON syntax)
//
// SCHEMA.json: {"attributes": [{"name": "a", "required": true}],
//               "blocks": [{"type": "t", "labels": ["l"], "body": SCHEMA}]}
// VARS.json: plain JSON values (types implied). The variables `unknown`
// (unknown of any type) and `unknown_list` (an unknown list of strings)
// are always defined, and the functions `length` and `toset`.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type schemaJSON struct {
	Attributes []struct {
		Name     string `json:"name"`
		Required bool   `json:"required"`
	} `json:"attributes"`
	Blocks []struct {
		Type   string      `json:"type"`
		Labels []string    `json:"labels"`
		Body   *schemaJSON `json:"body"`
	} `json:"blocks"`
}

func (s *schemaJSON) hcl() *hcl.BodySchema {
	out := &hcl.BodySchema{}
	if s == nil {
		return out
	}
	for _, a := range s.Attributes {
		out.Attributes = append(out.Attributes, hcl.AttributeSchema{Name: a.Name, Required: a.Required})
	}
	for _, b := range s.Blocks {
		out.Blocks = append(out.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return out
}

func (s *schemaJSON) child(t string) *schemaJSON {
	for _, b := range s.Blocks {
		if b.Type == t {
			return b.Body
		}
	}
	return nil
}

var diags []map[string]interface{}

func keep(ds hcl.Diagnostics) {
	for _, d := range ds {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		m := map[string]interface{}{"severity": sev, "summary": d.Summary, "detail": d.Detail}
		if d.Subject != nil {
			m["range"] = []int{d.Subject.Start.Byte, d.Subject.End.Byte}
		}
		diags = append(diags, m)
	}
}

func value(v cty.Value) interface{} {
	if !v.IsWhollyKnown() {
		return map[string]interface{}{"unknown": true}
	}
	raw, err := ctyjson.Marshal(v, cty.DynamicPseudoType)
	if err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	return json.RawMessage(raw)
}

func content(body hcl.Body, s *schemaJSON, ctx *hcl.EvalContext) map[string]interface{} {
	c, ds := body.Content(s.hcl())
	keep(ds)
	attrs := map[string]interface{}{}
	names := make([]string, 0, len(c.Attributes))
	for n := range c.Attributes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v, ds := c.Attributes[n].Expr.Value(ctx)
		keep(ds)
		attrs[n] = value(v)
	}
	blocks := []interface{}{}
	for _, b := range c.Blocks {
		labels := b.Labels
		if labels == nil {
			labels = []string{}
		}
		blocks = append(blocks, map[string]interface{}{
			"type":   b.Type,
			"labels": labels,
			"body":   content(b.Body, s.child(b.Type), ctx),
		})
	}
	return map[string]interface{}{"attributes": attrs, "blocks": blocks}
}

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var s schemaJSON
	raw, err := os.ReadFile(os.Args[2])
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		panic(err)
	}
	vars := map[string]cty.Value{
		"unknown":      cty.DynamicVal,
		"unknown_list": cty.UnknownVal(cty.List(cty.String)),
	}
	if len(os.Args) > 3 {
		raw, err := os.ReadFile(os.Args[3])
		if err != nil {
			panic(err)
		}
		ty, err := ctyjson.ImpliedType(raw)
		if err != nil {
			panic(err)
		}
		v, err := ctyjson.Unmarshal(raw, ty)
		if err != nil {
			panic(err)
		}
		for k, x := range v.AsValueMap() {
			vars[k] = x
		}
	}
	ctx := &hcl.EvalContext{Variables: vars, Functions: map[string]function.Function{
		"length": stdlib.LengthFunc,
		"toset":  stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
	}}
	var f *hcl.File
	var ds hcl.Diagnostics
	if strings.HasSuffix(os.Args[1], ".json") {
		f, ds = hcljson.Parse(src, "main.tf.json")
	} else {
		f, ds = hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	}
	keep(ds)
	body := dynblock.Expand(f.Body, ctx)
	out := map[string]interface{}{"content": content(body, &s, ctx), "diagnostics": diags}
	if diags == nil {
		out["diagnostics"] = []interface{}{}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
