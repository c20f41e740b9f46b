//! Decoding an evaluated body into a Rust struct: the struct's fields are
//! the schema.
//!
//! spec: model#schema-driven-processing, model#partial-processing-of-body-content,
//! model#dynamic-attributes-processing

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::error::{Error, Unit};
use super::placeholder::Placeholder;
use super::value::ValueDeserializer;
use super::{field_kind, Field};
use crate::body::{
    label_problem, AnyAttribute, AnyBlock, AnyBody, AnyExpression, AttributeSchema, BlockHeaderSchema, BodySchema,
};
use crate::eval::{EvalContext, Evaluated};
use crate::value::Value;
use crate::{Arena, Diagnostic, Diagnostics, Span};

/// The iterators of the `dynamic` blocks a body was made by (each name
/// with its `{key, value}` object), outermost first: what its attributes
/// are evaluated with when [`super::Options::expand_dynamic`] is on.
type Bindings = Rc<Vec<(String, Value)>>;

/// A struct's block field: the address of its struct's field list, which
/// tells the struct type apart, and its name.
type FieldKey = (usize, &'static str);

/// What the decoding of one input shares: the context, and the label
/// fields learnt of the structs each block field decodes into.
///
/// A JSON body needs a block type's labels before it can find the blocks
/// (one object level per label), but serde shows a
/// struct's fields only when the struct is decoded. So a JSON block field
/// is first read with no label levels; when its struct turns out to have
/// label fields, they are learnt for that field and the input is decoded
/// again ([`Decoder::decode`]), once per labelled block field at most.
///
/// spec: json#blocks
pub(crate) struct Decoder<'x, 'p> {
    ctx: &'x EvalContext<'p>,
    /// Whether `dynamic` blocks are expanded ([`super::Options`]).
    expand_dynamic: bool,
    /// The labels of blocks that `dynamic` blocks make.
    made_labels: Arena,
    labels: RefCell<HashMap<FieldKey, Vec<&'static str>>>,
    /// The parts that failed in earlier passes, decoded as placeholders so
    /// that a pass goes on to the next problem.
    stand_ins: RefCell<std::collections::HashSet<Unit>>,
    /// The attribute fields found to be [`super::Expression`]s, whose
    /// attributes are not evaluated.
    unevaluated: RefCell<std::collections::HashSet<FieldKey>>,
}

/// How many problems one decoding reports at most (each takes a pass).
const MAX_PROBLEMS: usize = 64;

/// How many times a decoding may start again to learn label fields before
/// it gives up (each start learns one field's labels or changes them; two
/// struct types sharing one field list could make it change them forever).
const MAX_RELABELS: usize = 256;

impl<'x, 'p> Decoder<'x, 'p> {
    pub(crate) fn new(ctx: &'x EvalContext<'p>, expand_dynamic: bool) -> Self {
        Decoder {
            ctx,
            expand_dynamic,
            made_labels: Arena::new(),
            labels: RefCell::new(HashMap::new()),
            stand_ins: RefCell::new(std::collections::HashSet::new()),
            unevaluated: RefCell::new(std::collections::HashSet::new()),
        }
    }

    /// Decodes `body` into `T`, again whenever a block field's labels were
    /// learnt, and again after each problem with the part that failed
    /// replaced by a placeholder, so that every problem of the input is
    /// reported at once (up to [`MAX_PROBLEMS`]).
    pub(crate) fn decode<T: DeserializeOwned>(&self, body: &AnyBody<'_, '_>) -> Result<T, Error> {
        let mut problems = Diagnostics::new();
        let mut relabels = 0;
        loop {
            let de = BodyDeserializer {
                body: body.clone(),
                block: None,
                key: None,
                taken: 0,
                bindings: Bindings::default(),
                made: None,
                dec: self,
            };
            match T::deserialize(de) {
                Err(e) if e.is_relabel() => {
                    relabels += 1;
                    if relabels > MAX_RELABELS {
                        return Err(de::Error::custom(
                            "the block fields' label counts did not settle: two struct types may share one field list",
                        ));
                    }
                }
                Err(e) => {
                    let e = e.located(body.span(), body.missing_item_range(), body.file_name());
                    let unit = e.unit.clone();
                    // a problem inside a placeholder is the placeholder's own
                    let fresh = unit.as_ref().is_some_and(|u| !self.stand_ins.borrow().contains(u));
                    if fresh || problems.is_empty() {
                        problems.extend(e.diagnostics().iter().cloned());
                    }
                    match unit {
                        Some(u) if fresh && problems.len() < MAX_PROBLEMS => {
                            self.stand_ins.borrow_mut().insert(u);
                        }
                        _ => break,
                    }
                }
                Ok(v) if problems.is_empty() => return Ok(v),
                Ok(_) => break,
            }
        }
        problems.sort_by_position();
        Err(Error::from_diagnostics(problems))
    }

    /// Runs `f` in the context, with the iterators of the `dynamic`
    /// blocks a body was made by.
    fn in_bindings<R>(&self, bindings: &Bindings, f: impl FnOnce(&EvalContext<'_>) -> R) -> R {
        if bindings.is_empty() {
            return f(self.ctx);
        }
        crate::dynblock::with_iterators(self.ctx, bindings.iter().cloned(), f)
    }

    /// Evaluates `attr` with the iterators of the `dynamic` blocks its
    /// body was made by.
    fn evaluate(&self, attr: &AnyAttribute<'_, '_>, bindings: &Bindings) -> Evaluated {
        self.in_bindings(bindings, |ctx| attr.evaluate(ctx))
    }

    /// Whether `unit` failed in an earlier pass.
    fn stands_in(&self, unit: &Unit) -> bool {
        self.stand_ins.borrow().contains(unit)
    }

    /// The label fields learnt for `key`.
    fn labels_of(&self, key: FieldKey) -> Vec<String> {
        self.labels
            .borrow()
            .get(&key)
            .map_or_else(Vec::new, |l| l.iter().map(|s| s.to_string()).collect())
    }

    /// Learns the label fields of the struct `key` decodes into.
    fn learn(&self, key: FieldKey, labels: &[&'static str]) -> Error {
        self.labels.borrow_mut().insert(key, labels.to_vec());
        Error::relabel()
    }

    /// Learns that the blocks of `key` have at least `levels` labels (map
    /// keys take them before the struct's label fields are known).
    fn learn_at_least(&self, key: FieldKey, levels: usize) -> Error {
        let mut learnt = self.labels.borrow_mut();
        let labels = learnt.entry(key).or_default();
        if labels.len() < levels {
            labels.resize(levels, MAP_KEY_LABEL);
        }
        Error::relabel()
    }
}

/// A body (a file's or a block's) being decoded.
pub(crate) struct BodyDeserializer<'x, 'n, 'a, 'p> {
    body: AnyBody<'n, 'a>,
    /// The block the body belongs to (whose labels the struct's label
    /// fields take), or none for a file's body.
    block: Option<AnyBlock<'n, 'a>>,
    /// The block field the block was found for.
    key: Option<FieldKey>,
    /// How many of the block's labels map keys took (a field of maps
    /// keyed by label).
    taken: usize,
    /// The iterators its attributes see.
    bindings: Bindings,
    /// For a block a `dynamic` block made: where its labels were given
    /// (its count is checked there, not learnt as a JSON block's is).
    made: Option<(Span, Option<Arc<str>>)>,
    dec: &'x Decoder<'x, 'p>,
}

/// What one struct field is given.
enum Item<'n, 'a> {
    Label(&'n str, Span),
    /// An attribute, evaluated when its field asks for a value.
    Attribute(FieldDeserializer<'n, 'a>),
    Blocks(BlocksDeserializer<'n, 'a>),
    /// The rest of the body, read when its field asks for it.
    Remain(FieldDeserializer<'n, 'a>),
}

/// An attribute field or a remain field, read when the field says what it
/// is: an [`super::Expression`] or a [`super::Body`] kept unevaluated,
/// otherwise evaluated.
struct FieldDeserializer<'n, 'a> {
    field: Lazy<'n, 'a>,
    key: FieldKey,
    /// The iterators the attributes see.
    bindings: Bindings,
    /// The source text of the body's file, for a native expression.
    src: Option<&'a [u8]>,
}

enum Lazy<'n, 'a> {
    Attribute(AnyAttribute<'n, 'a>),
    Remain {
        /// The whole body, and what the struct's other fields left of it.
        body: AnyBody<'n, 'a>,
        rest: AnyBody<'n, 'a>,
        hidden_attributes: Vec<&'static str>,
        hidden_blocks: Vec<&'static str>,
    },
}

impl<'x: 'n, 'n, 'a: 'n, 'p> BodyDeserializer<'x, 'n, 'a, 'p> {
    /// Evaluates each attribute; errors go to `diags`.
    fn evaluate_all(
        &self,
        attrs: impl IntoIterator<Item = AnyAttribute<'n, 'a>>,
        diags: &mut Diagnostics,
    ) -> BTreeMap<&'n str, (Value, Span, Option<Arc<str>>)> {
        attrs
            .into_iter()
            .map(|attr| {
                let out = self.dec.evaluate(&attr, &self.bindings);
                diags.extend(out.diagnostics);
                (attr.name, (out.value, attr.expr.span(), attr.file))
            })
            .collect()
    }

    /// The problem with the block's labels, for a struct with `labels`: a
    /// native block's count checked; a JSON block read with another
    /// number of levels is read again ([`Decoder`]).
    fn label_problem(&self, labels: &[&'static str]) -> Result<Option<Diagnostic>, Error> {
        let Some(block) = &self.block else {
            return Ok(None);
        };
        let mut names = vec![MAP_KEY_LABEL; self.taken];
        names.extend_from_slice(labels);
        match (block.native, &self.made) {
            (Some(native), _) => Ok(label_problem(native, &names).map(|d| d.in_file_of(block.file.as_ref()))),
            (None, _) if block.labels.len() == names.len() => Ok(None),
            (None, Some((span, file))) => Ok(Some(
                crate::dynblock::labels_problem(block.type_name, names.len(), *span, block.labels.len() > names.len())
                    .in_file_of(file.as_ref()),
            )),
            (None, None) => Err(self.dec.learn(self.key.expect("a block is found for a field"), &names)),
        }
    }

    /// The items for the struct with `fields`, and the problems found in
    /// the body's structure (reported once the fields were read, so that
    /// the fields' own problems are found too), or the problem that keeps
    /// the fields from being read.
    #[allow(clippy::type_complexity)]
    fn items(
        &self,
        fields: &'static [&'static str],
    ) -> Result<(Vec<(&'static str, Item<'n, 'a>)>, Option<Error>), Error> {
        let mut diags = Diagnostics::new();
        let mut labels = Vec::new();
        let mut attributes = Vec::new();
        let mut blocks = Vec::new();
        let mut remain = false;
        let kinds = fields
            .iter()
            .map(|f| field_kind(f).map_err(de::Error::custom))
            .collect::<Result<Vec<_>, Error>>()?;
        let key = |name| (fields.as_ptr() as usize, name);
        for kind in &kinds {
            match *kind {
                Field::Attribute(name) => attributes.push(AttributeSchema {
                    name: name.into(),
                    required: false,
                }),
                Field::Label(name) => labels.push(name),
                Field::Block(name) => blocks.push(BlockHeaderSchema {
                    type_name: name.into(),
                    label_names: self.dec.labels_of(key(name)),
                }),
                Field::Remain => remain = true,
            }
        }
        if self.block.is_none() && !labels.is_empty() {
            return Err(de::Error::custom(
                "label fields are for a block's struct; a file's body has no labels",
            ));
        }
        let label_problem = self.label_problem(&labels)?;
        // with `Options::expand_dynamic`, `dynamic` blocks make blocks of
        // the struct's block fields (unless a field is itself `dynamic`)
        let block_types: Vec<String> = blocks.iter().map(|b| b.type_name.clone()).collect();
        let expand = self.dec.expand_dynamic && !block_types.iter().any(|t| t == "dynamic");
        if expand {
            blocks.push(BlockHeaderSchema {
                type_name: "dynamic".into(),
                label_names: vec!["type".into()],
            });
        }
        let schema = BodySchema::new(attributes, blocks).map_err(de::Error::custom)?;
        let (content, rest, d) = self.body.read(&schema, remain, false);
        diags.extend(d);
        let mut found: Vec<Found<'n, 'a>> = if expand {
            self.expand(content.blocks, &block_types, &mut diags)
        } else {
            content
                .blocks
                .into_iter()
                .map(|b| Found::plain(b, &self.bindings))
                .collect()
        };
        let mut deferred = None;
        if label_problem.is_some() || diags.has_errors() {
            // The body fails: with its attributes' evaluation errors, but
            // not those of attributes an `Expression` field keeps
            // unevaluated. Until a struct's fields are read, which those
            // are is not known: when an attribute fails to evaluate, the
            // fields are read first (each evaluation error is found at its
            // field) and the structure's problems come after them.
            let unevaluated = self.dec.unevaluated.borrow();
            let evaluated = content.attributes.values().filter(|a| {
                !kinds
                    .iter()
                    .any(|k| matches!(k, Field::Attribute(n) if *n == a.name && unevaluated.contains(&key(n))))
            });
            let mut eval = Diagnostics::new();
            self.evaluate_all(evaluated.cloned(), &mut eval);
            if label_problem.is_some() || !eval.has_errors() {
                diags.extend(label_problem);
                diags.extend(eval);
                diags.sort_by_position();
                return Err(Error::from_diagnostics(diags));
            }
            diags.sort_by_position();
            deferred = Some(Error::from_diagnostics(diags));
        }
        let mut attrs = content.attributes;
        let mut label_values = self.block.iter().flat_map(|b| b.labels.iter().skip(self.taken));
        let mut items = Vec::new();
        for (field, kind) in fields.iter().zip(kinds.iter().copied()) {
            let item = match kind {
                Field::Label(_) => {
                    let &(label, span) = label_values.next().expect("label count checked");
                    Item::Label(label, span)
                }
                Field::Attribute(name) => match attrs.remove(name) {
                    Some(attr) => Item::Attribute(FieldDeserializer {
                        src: source_of(&self.body, attr.file.as_ref()),
                        field: Lazy::Attribute(attr),
                        key: key(name),
                        bindings: self.bindings.clone(),
                    }),
                    None => continue,
                },
                Field::Block(name) => {
                    let (mine, others) = found.into_iter().partition(|f| f.block.type_name == name);
                    found = others;
                    Item::Blocks(BlocksDeserializer {
                        type_name: name,
                        blocks: mine,
                        key: key(name),
                        taken: 0,
                        missing: content.missing_item_range,
                        file: self.body.file_name().cloned(),
                    })
                }
                Field::Remain => Item::Remain(FieldDeserializer {
                    field: Lazy::Remain {
                        body: self.body.clone(),
                        rest: rest.clone().expect("remain asked for"),
                        hidden_attributes: kinds
                            .iter()
                            .filter_map(|k| match k {
                                Field::Attribute(n) => Some(*n),
                                _ => None,
                            })
                            .collect(),
                        hidden_blocks: kinds
                            .iter()
                            .filter_map(|k| match k {
                                Field::Block(n) => Some(*n),
                                _ => None,
                            })
                            .collect(),
                    },
                    key: key(field),
                    src: None,
                    bindings: self.bindings.clone(),
                }),
            };
            items.push((*field, item));
        }
        Ok((items, deferred))
    }

    /// The blocks of `raw` with each `dynamic` block whose label names one
    /// of `types` replaced by the blocks it makes, in its place
    /// (`dynblock::read_spec` reads it: the rules and messages of
    /// [`crate::dynblock::expand`]); a `dynamic` block of another type is
    /// "Unsupported block type".
    fn expand(&self, raw: Vec<AnyBlock<'n, 'a>>, types: &[String], diags: &mut Diagnostics) -> Vec<Found<'n, 'a>> {
        let mut out = Vec::with_capacity(raw.len());
        for block in raw {
            if block.type_name != "dynamic" {
                out.push(Found::plain(block, &self.bindings));
                continue;
            }
            let Some(&(real, real_span)) = block.labels.first() else {
                if let Some(native) = block.native {
                    diags.extend(label_problem(native, &["type"]).map(|d| d.in_file_of(block.file.as_ref())));
                }
                continue;
            };
            if !types.iter().any(|t| t == real) {
                diags.push(
                    Diagnostic::error(
                        "Unsupported block type",
                        format!(
                            "Blocks of type {} are not expected here.",
                            crate::diagnostic::quoted(real)
                        ),
                        real_span,
                    )
                    .in_file_of(block.file.as_ref()),
                );
                continue;
            }
            let evaluate = |a: &AnyAttribute<'n, 'a>| self.dec.evaluate(a, &self.bindings);
            let spec = match crate::dynblock::read_spec(&block, real, real_span, None, &evaluate) {
                Ok((spec, d)) => {
                    diags.extend(d);
                    spec
                }
                Err(d) => {
                    diags.extend(d);
                    continue;
                }
            };
            let pairs = if spec.for_each.is_known() {
                crate::dynblock::elements(&spec.for_each)
            } else {
                vec![(Value::dynamic(), Value::dynamic())]
            };
            for (key, value) in pairs {
                let mut bindings = (*self.bindings).clone();
                bindings.push((spec.iterator.clone(), Value::object([("key", key), ("value", value)])));
                let bindings: Bindings = Rc::new(bindings);
                let evaluate = |e: &AnyExpression<'n, 'a>| self.dec.in_bindings(&bindings, |ctx| e.evaluate(ctx));
                let labels = match crate::dynblock::spec_labels(&spec, &block.file, &evaluate) {
                    Ok(labels) => labels,
                    Err(d) => {
                        diags.extend(d);
                        continue;
                    }
                };
                let labels = labels
                    .into_iter()
                    .map(|(text, span)| (self.dec.made_labels.alloc_str(&text), span))
                    .collect();
                out.push(Found {
                    block: AnyBlock {
                        type_name: spec.type_name,
                        type_span: spec.type_span,
                        labels,
                        def_span: spec.def_span,
                        body: spec.content.clone(),
                        file: block.file.clone(),
                        native: None,
                    },
                    bindings,
                    made: Some((spec.labels_span, block.file.clone())),
                });
            }
        }
        out
    }

    /// An error from a visitor as this body's diagnostics, failing in this
    /// body unless a part inside it failed.
    fn located(&self, e: Error) -> Error {
        e.located(self.body.span(), self.body.missing_item_range(), self.body.file_name())
            .in_unit(|| self.unit())
    }

    /// This body, as a part that may stand in.
    fn unit(&self) -> Unit {
        body_unit(&self.body)
    }
}

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_, '_, '_, '_> {
    type Error = Error;

    /// Dynamic attributes: every attribute by name, evaluated; a block is
    /// an error.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.dec.stands_in(&self.unit()) {
            return Placeholder.deserialize_any(visitor);
        }
        let mut diags = Diagnostics::new();
        diags.extend(self.label_problem(&[]).map_err(|e| self.located(e))?);
        let (attrs, d) = self.body.just_attributes();
        diags.extend(d);
        // by name; an attribute that failed in an earlier pass is left out
        let attrs: BTreeMap<&str, AnyAttribute<'_, '_>> = attrs.into_iter().map(|a| (a.name, a)).collect();
        let (omitted, given): (Vec<_>, Vec<_>) = attrs
            .into_values()
            .partition(|a| self.dec.stands_in(&attribute_unit(a.expr.span(), &a.file)));
        let access = AttributeMap {
            entries: given.iter(),
            pending: None,
            deferred: deferred(diags),
            body: &self.body,
            bindings: self.bindings.clone(),
            dec: self.dec,
        };
        match visitor.visit_map(access) {
            Ok(v) => Ok(v),
            Err(e) if e.unit.is_some() || e.is_relabel() => Err(self.located(e)),
            Err(e) => {
                // An error that no part of the input placed came from values
                // serde buffered (the fields of a `#[serde(flatten)]`
                // struct): a field missing because its attribute was left
                // out is that attribute's failure again, and a value of the
                // wrong type is placed at the one attribute holding it.
                // (serde cannot go on past a field inside such a struct, so
                // the body then fails with nothing more to say, and the
                // decoding goes on after it.)
                if let Some(field) = e.missing_field()
                    && omitted.iter().any(|a| a.name == field)
                {
                    return Err(Error::from_diagnostics(Diagnostics::new()).in_unit(|| self.unit()));
                }
                if let Some(found) = e.found() {
                    let mut holding = given.iter().filter(|a| {
                        let out = self.dec.evaluate(a, &self.bindings);
                        !out.diagnostics.has_errors() && found.is_in(&out.value)
                    });
                    if let (Some(a), None) = (holding.next(), holding.next()) {
                        let (span, file) = (a.expr.span(), &a.file);
                        let unit = attribute_unit(span, file);
                        return Err(e.located(span, span, file.as_ref()).in_unit(|| unit));
                    }
                }
                Err(self.located(e))
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.dec.stands_in(&self.unit()) {
            return Placeholder.deserialize_struct(_name, fields, visitor);
        }
        let (items, deferred) = self.items(fields).map_err(|e| self.located(e))?;
        let access = StructAccess {
            items: items.into_iter(),
            deferred,
            pending: None,
            dec: self.dec,
            file: self.block.as_ref().and_then(|b| b.file.clone()),
            missing: self.body.missing_item_range(),
            missing_file: self.body.file_name().cloned(),
        };
        visitor.visit_map(access).map_err(|e| self.located(e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    /// A [`super::Body`] field takes the block's body unevaluated (a
    /// block without labels, or whose labels map keys took).
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == super::unevaluated::BODY {
            if self.dec.stands_in(&self.unit()) {
                return Placeholder.deserialize_newtype_struct(name, visitor);
            }
            let form = (|| {
                if let Some(d) = self.label_problem(&[])? {
                    return Err(Error::one(d));
                }
                super::Body::form(&self.body, None, &[], &[])
            })()
            .map_err(|e| self.located(e))?;
            return visitor.visit_newtype_struct(ValueDeserializer::new(&form));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map enum identifier
    }
}

/// A body as a part that may stand in.
fn body_unit(body: &AnyBody<'_, '_>) -> Unit {
    let span = body.span();
    Unit::Span(body.file_name().cloned(), span.start, span.end)
}

/// An attribute (its expression's range and file) as a part that may
/// stand in.
fn attribute_unit(span: Span, file: &Option<Arc<str>>) -> Unit {
    Unit::Span(file.clone(), span.start, span.end)
}

/// The error of `diags`, when they hold one.
fn deferred(mut diags: Diagnostics) -> Option<Error> {
    diags.has_errors().then(|| {
        diags.sort_by_position();
        Error::from_diagnostics(diags)
    })
}

/// A body's attributes as a map (the dynamic attributes mode), each value
/// read when the map's value type asks for it (an [`super::Expression`]
/// unevaluated) and failing at its own expression.
struct AttributeMap<'v, 'b, 'x, 'n, 'a, 'p> {
    entries: std::slice::Iter<'v, AnyAttribute<'n, 'a>>,
    pending: Option<&'v AnyAttribute<'n, 'a>>,
    /// The body's own problems (a block, a label), once every value was
    /// read, so that the values' problems are found too.
    deferred: Option<Error>,
    /// The body the attributes are in (for their source text).
    body: &'b AnyBody<'n, 'a>,
    /// The iterators the attributes see.
    bindings: Bindings,
    dec: &'x Decoder<'x, 'p>,
}

impl<'de, 'n, 'a: 'n> de::MapAccess<'de> for AttributeMap<'_, '_, '_, 'n, 'a, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some(attr) = self.entries.next() else {
            return match self.deferred.take() {
                Some(e) => Err(e),
                None => Ok(None),
            };
        };
        self.pending = Some(attr);
        seed.deserialize(de::value::StrDeserializer::<Error>::new(attr.name))
            .map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let attr = self
            .pending
            .take()
            .ok_or_else(|| de::Error::custom("a value asked for before its key"))?;
        let (span, file) = (attr.expr.span(), attr.file.clone());
        let field = FieldDeserializer {
            src: source_of(self.body, file.as_ref()),
            field: Lazy::Attribute(attr.clone()),
            // a map's entries are not a struct's fields
            key: (0, ""),
            bindings: self.bindings.clone(),
        };
        seed.deserialize(field.with(self.dec)).map_err(|e| {
            let unit = attribute_unit(span, &file);
            e.located(span, span, file.as_ref()).in_unit(|| unit)
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// The fields of one struct, in the struct's order.
struct StructAccess<'x, 'n, 'a, 'p> {
    items: std::vec::IntoIter<(&'static str, Item<'n, 'a>)>,
    /// The problems of the body's structure, once every field was read.
    deferred: Option<Error>,
    pending: Option<Item<'n, 'a>>,
    dec: &'x Decoder<'x, 'p>,
    /// The file of the block whose labels these are.
    file: Option<Arc<str>>,
    /// Where a missing item would go, and its file.
    missing: Span,
    missing_file: Option<Arc<str>>,
}

impl<'de> de::MapAccess<'de> for StructAccess<'_, '_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((field, item)) = self.items.next() else {
            return match self.deferred.take() {
                Some(e) => Err(e),
                None => Ok(None),
            };
        };
        self.pending = Some(item);
        seed.deserialize(field.into_deserializer()).map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        // each item is a part that stands in once it has failed
        let located = |span: Span, file: Option<Arc<str>>| {
            move |e: Error| {
                let unit = Unit::Span(file.clone(), span.start, span.end);
                e.located(span, span, file.as_ref()).in_unit(|| unit)
            }
        };
        let stands_in =
            |span: Span, file: &Option<Arc<str>>| self.dec.stands_in(&Unit::Span(file.clone(), span.start, span.end));
        match self.pending.take() {
            Some(Item::Label(_, span)) if stands_in(span, &self.file) => seed.deserialize(Placeholder),
            Some(Item::Label(label, span)) => seed
                .deserialize(de::value::StrDeserializer::<Error>::new(label))
                .map_err(located(span, self.file.clone())),
            Some(Item::Attribute(f)) => {
                let Lazy::Attribute(attr) = &f.field else {
                    unreachable!("an attribute item")
                };
                let (span, file) = (attr.expr.span(), attr.file.clone());
                if stands_in(span, &file) {
                    return seed.deserialize(Placeholder);
                }
                seed.deserialize(f.with(self.dec)).map_err(located(span, file))
            }
            Some(Item::Blocks(blocks)) => {
                let unit = Unit::Field(blocks.file.clone(), blocks.missing.start, blocks.type_name);
                if self.dec.stands_in(&unit) {
                    return seed.deserialize(Placeholder);
                }
                seed.deserialize(BlocksAccess { blocks, dec: self.dec })
                    .map_err(|e| e.in_unit(|| unit))
            }
            Some(Item::Remain(_)) if stands_in(self.missing, &self.missing_file) => seed.deserialize(Placeholder),
            Some(Item::Remain(f)) => seed
                .deserialize(f.with(self.dec))
                .map_err(located(self.missing, self.missing_file.clone())),
            None => Err(de::Error::custom("a value asked for before its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A block found for a field: one of the body's, or one a `dynamic` block
/// made, with the iterators its attributes see and where its labels were
/// given.
#[derive(Clone)]
struct Found<'n, 'a> {
    block: AnyBlock<'n, 'a>,
    bindings: Bindings,
    made: Option<(Span, Option<Arc<str>>)>,
}

impl<'n, 'a> Found<'n, 'a> {
    fn plain(block: AnyBlock<'n, 'a>, bindings: &Bindings) -> Self {
        Found {
            block,
            bindings: bindings.clone(),
            made: None,
        }
    }

    fn deserializer<'x, 'p>(
        self,
        key: FieldKey,
        taken: usize,
        dec: &'x Decoder<'x, 'p>,
    ) -> BodyDeserializer<'x, 'n, 'a, 'p> {
        BodyDeserializer {
            body: self.block.body.clone(),
            block: Some(self.block),
            key: Some(key),
            taken,
            bindings: self.bindings,
            made: self.made,
            dec,
        }
    }
}

/// Every block of one type found for a field.
struct BlocksDeserializer<'n, 'a> {
    type_name: &'static str,
    blocks: Vec<Found<'n, 'a>>,
    key: FieldKey,
    /// How many labels of each block map keys took.
    taken: usize,
    /// Where a missing block would go, and its file.
    missing: Span,
    file: Option<Arc<str>>,
}

/// A field that takes one block (a struct), at most one (an `Option`) or
/// any number (a `Vec`).
struct BlocksAccess<'x, 'n, 'a, 'p> {
    blocks: BlocksDeserializer<'n, 'a>,
    dec: &'x Decoder<'x, 'p>,
}

impl<'x, 'n, 'a, 'p> BlocksAccess<'x, 'n, 'a, 'p> {
    fn block(&self, found: Found<'n, 'a>) -> BodyDeserializer<'x, 'n, 'a, 'p> {
        found.deserializer(self.blocks.key, self.blocks.taken, self.dec)
    }

    /// The one block, or "Missing" / "Duplicate" block errors.
    fn single(mut self) -> Result<BodyDeserializer<'x, 'n, 'a, 'p>, Error> {
        let ty = self.blocks.type_name;
        match self.blocks.blocks.len() {
            1 => {
                let block = self.blocks.blocks.pop().expect("one block");
                Ok(self.block(block))
            }
            0 => Err(Error::one(
                Diagnostic::error(
                    format!("Missing {ty} block"),
                    format!("A {ty} block is required."),
                    self.blocks.missing,
                )
                .in_file_of(self.blocks.file.as_ref()),
            )),
            _ => {
                let first = &self.blocks.blocks[0].block;
                let at = first.body.range_text(first.file.as_deref(), first.def_span);
                let mut diags = Diagnostics::new();
                for block in self.blocks.blocks[1..].iter().map(|f| &f.block) {
                    diags.push(
                        Diagnostic::error(
                            format!("Duplicate {ty} block"),
                            format!("Only one {ty} block is allowed. Another was defined at {at}."),
                            block.def_span,
                        )
                        .with_context(first.def_span)
                        .in_file_of(block.file.as_ref()),
                    );
                }
                Err(Error::from_diagnostics(diags))
            }
        }
    }
}

impl<'de> de::Deserializer<'de> for BlocksAccess<'_, '_, '_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.single()?.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.single()?.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let failed = |f: &Found<'_, '_>| self.dec.stands_in(&body_unit(&f.block.body));
        if self.blocks.blocks.is_empty() || self.blocks.blocks.iter().all(failed) {
            visitor.visit_none()
        } else {
            visitor.visit_some(self.single()?)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let BlocksAccess { blocks, dec } = self;
        let (key, taken) = (blocks.key, blocks.taken);
        visitor.visit_seq(BlockSeq {
            blocks: blocks.blocks.into_iter(),
            key,
            taken,
            dec,
        })
    }

    /// A map keyed by the next label: the blocks with each label value, in
    /// the order the values first appear, each group decoded as the map's
    /// value type (one block, an `Option`, a `Vec`, or a map by the next
    /// label).
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let BlocksAccess { blocks, dec } = self;
        let level = blocks.taken;
        let mut diags = Diagnostics::new();
        let mut groups: Vec<(&str, Vec<Found<'_, '_>>)> = Vec::new();
        for found in blocks.blocks {
            let block = &found.block;
            let Some(&(label, _)) = block.labels.get(level) else {
                match (block.native, &found.made) {
                    (Some(native), _) => {
                        let names = vec![MAP_KEY_LABEL; level + 1];
                        diags.extend(label_problem(native, &names).map(|d| d.in_file_of(block.file.as_ref())));
                        continue;
                    }
                    (None, Some((span, file))) => {
                        diags.push(
                            crate::dynblock::labels_problem(blocks.type_name, level + 1, *span, false)
                                .in_file_of(file.as_ref()),
                        );
                        continue;
                    }
                    // a JSON block read with too few label levels
                    (None, None) => return Err(dec.learn_at_least(blocks.key, level + 1)),
                }
            };
            match groups.iter_mut().find(|(l, _)| *l == label) {
                Some((_, group)) => group.push(found),
                None => groups.push((label, vec![found])),
            }
        }
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        visitor.visit_map(BlockMap {
            groups: groups.into_iter(),
            pending: None,
            template: (blocks.type_name, blocks.key, level + 1, blocks.missing, blocks.file),
            dec,
        })
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == super::unevaluated::BODY {
            return self.single()?.deserialize_newtype_struct(name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct enum identifier
    }
}

/// The name a map key's label has in messages about a missing label.
const MAP_KEY_LABEL: &str = "label";

/// The groups of a map field's blocks, by label value.
struct BlockMap<'x, 'n, 'a, 'p> {
    groups: std::vec::IntoIter<(&'n str, Vec<Found<'n, 'a>>)>,
    pending: Option<Vec<Found<'n, 'a>>>,
    /// What each group's blocks share: type, field, labels taken, and where
    /// a missing one would go.
    template: (&'static str, FieldKey, usize, Span, Option<Arc<str>>),
    dec: &'x Decoder<'x, 'p>,
}

impl<'de> de::MapAccess<'de> for BlockMap<'_, '_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((label, group)) = self.groups.next() else {
            return Ok(None);
        };
        let span = group[0].block.labels[self.template.2 - 1].1;
        self.pending = Some(group);
        seed.deserialize(de::value::StrDeserializer::<Error>::new(label))
            .map(Some)
            .map_err(|e| e.located(span, span, None))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let blocks = self
            .pending
            .take()
            .ok_or_else(|| de::Error::custom("a value asked for before its key"))?;
        let (type_name, key, taken, missing, file) = self.template.clone();
        seed.deserialize(BlocksAccess {
            blocks: BlocksDeserializer {
                type_name,
                blocks,
                key,
                taken,
                missing,
                file,
            },
            dec: self.dec,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.groups.len())
    }
}

/// The blocks of a `Vec` field, in source order.
struct BlockSeq<'x, 'n, 'a, 'p> {
    blocks: std::vec::IntoIter<Found<'n, 'a>>,
    key: FieldKey,
    taken: usize,
    dec: &'x Decoder<'x, 'p>,
}

impl<'de> de::SeqAccess<'de> for BlockSeq<'_, '_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        // a block whose body failed in an earlier pass is left out: the
        // decoding fails anyway, and a placeholder cannot stand in for
        // every struct (not one with a flattened struct in it)
        let Some(found) = self
            .blocks
            .by_ref()
            .find(|f| !self.dec.stands_in(&body_unit(&f.block.body)))
        else {
            return Ok(None);
        };
        seed.deserialize(found.deserializer(self.key, self.taken, self.dec))
            .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len())
    }
}

/// The source text of `body`'s file `file` (of a merged body, the part of
/// that name), when the body knows it.
fn source_of<'a>(body: &AnyBody<'_, 'a>, file: Option<&Arc<str>>) -> Option<&'a [u8]> {
    match body {
        AnyBody::Native(v) => v.source(),
        AnyBody::Json(b) => Some(b.file().src),
        AnyBody::Merged(parts) => parts
            .iter()
            .find(|p| file.is_none_or(|f| *f == p.name))
            .and_then(|p| source_of(&p.body, None)),
    }
}

impl<'n, 'a: 'n> FieldDeserializer<'n, 'a> {
    fn with<'x, 'p>(self, dec: &'x Decoder<'x, 'p>) -> BoundField<'x, 'n, 'a, 'p> {
        BoundField {
            field: self,
            dec,
            value: std::cell::OnceCell::new(),
        }
    }
}

/// A [`FieldDeserializer`] with the decoder it evaluates in.
struct BoundField<'x, 'n, 'a, 'p> {
    field: FieldDeserializer<'n, 'a>,
    dec: &'x Decoder<'x, 'p>,
    value: std::cell::OnceCell<Result<Value, Error>>,
}

impl<'n, 'a: 'n> BoundField<'_, 'n, 'a, '_> {
    /// The field's value: the attribute evaluated, or the rest of the
    /// body's attributes as an object (a block there is an error).
    fn value(&self) -> Result<&Value, Error> {
        let out = self.value.get_or_init(|| {
            let mut diags = Diagnostics::new();
            let value = match &self.field.field {
                Lazy::Attribute(attr) => {
                    let out = self.dec.evaluate(attr, &self.field.bindings);
                    diags.extend(out.diagnostics);
                    out.value
                }
                Lazy::Remain { rest, .. } => {
                    let (attrs, d) = rest.just_attributes();
                    diags.extend(d);
                    let mut values = BTreeMap::new();
                    for attr in attrs {
                        let out = self.dec.evaluate(&attr, &self.field.bindings);
                        diags.extend(out.diagnostics);
                        values.insert(attr.name, out.value);
                    }
                    Value::object(values)
                }
            };
            if diags.has_errors() {
                diags.sort_by_position();
                return Err(Error::from_diagnostics(diags));
            }
            Ok(value)
        });
        out.as_ref().map_err(Clone::clone)
    }

    /// The unevaluated form of the field for an `Expression` or `Body`
    /// field (`name`), or why the field cannot be one.
    fn form(&self, name: &'static str) -> Result<Value, Error> {
        match (&self.field.field, name) {
            (Lazy::Attribute(attr), super::unevaluated::EXPRESSION) => {
                self.dec.unevaluated.borrow_mut().insert(self.field.key);
                match attr.expr {
                    AnyExpression::Json(f, node) => super::Expression::form(true, f.src, node.span(), attr.file.as_ref()),
                    _ => {
                        let src = self.field.src.ok_or_else(|| {
                            de::Error::custom(
                                "an Expression field needs the body's source text: decode with from_str, from_file or from_any_body of an AnyFile's body",
                            )
                        })?;
                        super::Expression::form(false, src, attr.expr.span(), attr.file.as_ref())
                    }
                }
            }
            (
                Lazy::Remain {
                    body,
                    hidden_attributes,
                    hidden_blocks,
                    ..
                },
                super::unevaluated::BODY,
            ) => super::Body::form(body, None, hidden_attributes, hidden_blocks),
            (Lazy::Attribute(_), _) => Err(de::Error::custom(
                "an attribute's field is an Expression, not a Body (a Body field takes a block, `x,block`, or the rest of the body, `x,remain`)",
            )),
            (Lazy::Remain { .. }, _) => Err(de::Error::custom(
                "a remain field is a Body or a map of values, not an Expression",
            )),
        }
    }
}

/// Deserializer methods that take the field's value.
macro_rules! by_value {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            ValueDeserializer::new(self.value()?).$method(visitor)
        }
    )*};
}

impl<'de, 'n, 'a: 'n> de::Deserializer<'de> for BoundField<'_, 'n, 'a, '_> {
    type Error = Error;

    by_value! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str deserialize_string
        deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_seq
        deserialize_identifier deserialize_ignored_any
    }

    /// An absent attribute is no field at all: a present one is `None`
    /// when null, and otherwise (or when it cannot be evaluated, for an
    /// `Option<Expression>`) `Some`. A remain field is always `Some`.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Lazy::Remain { .. } = self.field.field {
            return visitor.visit_some(self);
        }
        match self.value() {
            Ok(v) if v.is_null() => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    /// A remain field's map: the rest's attributes, each read when the
    /// map's value type asks for it (a block there is an error).
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let Lazy::Remain { rest, .. } = &self.field.field else {
            return ValueDeserializer::new(self.value()?).deserialize_map(visitor);
        };
        let (attrs, diags) = rest.just_attributes();
        let attrs: BTreeMap<&str, AnyAttribute<'_, '_>> = attrs.into_iter().map(|a| (a.name, a)).collect();
        let given: Vec<_> = attrs
            .into_values()
            .filter(|a| !self.dec.stands_in(&attribute_unit(a.expr.span(), &a.file)))
            .collect();
        visitor.visit_map(AttributeMap {
            entries: given.iter(),
            pending: None,
            deferred: deferred(diags),
            body: rest,
            bindings: self.field.bindings.clone(),
            dec: self.dec,
        })
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.field.field {
            Lazy::Remain { .. } => self.deserialize_map(visitor),
            Lazy::Attribute(_) => ValueDeserializer::new(self.value()?).deserialize_any(visitor),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == super::unevaluated::EXPRESSION || name == super::unevaluated::BODY {
            let form = self.form(name)?;
            return visitor.visit_newtype_struct(ValueDeserializer::new(&form));
        }
        ValueDeserializer::new(self.value()?).deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(self.value()?).deserialize_unit_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(self.value()?).deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(self.value()?).deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(self.value()?).deserialize_struct(name, fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(self.value()?).deserialize_enum(name, variants, visitor)
    }
}
