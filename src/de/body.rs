//! Decoding an evaluated body into a Rust struct: the struct's fields are
//! the schema.
//!
//! spec: model#schema-driven-processing, model#partial-processing-of-body-content,
//! model#dynamic-attributes-processing

use std::collections::BTreeMap;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::error::Error;
use super::value::ValueDeserializer;
use crate::ast::{Block, Body};
use crate::body::{label_problem, AttributeSchema, BlockHeaderSchema, BodySchema, BodyView};
use crate::eval::{evaluate, EvalContext};
use crate::value::Value;
use crate::{Diagnostic, Diagnostics, Span};

/// What a struct field is, from the tag after the comma in its serde name.
#[derive(Clone, Copy)]
enum Field<'f> {
    Attribute(&'f str),
    Label(&'f str),
    Block(&'f str),
    Remain,
}

fn field_kind(field: &str) -> Result<Field<'_>, Error> {
    Ok(match field.split_once(',') {
        None => Field::Attribute(field),
        Some((name, "label")) => Field::Label(name),
        Some((name, "block")) => Field::Block(name),
        Some((_, "remain")) => Field::Remain,
        Some((_, tag)) => {
            return Err(de::Error::custom(format!(
                "the field {field:?} has the decoding tag {tag:?}; the tags are `label`, `block` and `remain`"
            )))
        }
    })
}

/// A body (a file's or a block's) being decoded.
pub(crate) struct BodyDeserializer<'x, 'a, 'p> {
    pub(crate) body: &'x Body<'a>,
    /// The block the body belongs to (whose labels the struct's label
    /// fields take), or none for a file's body.
    pub(crate) block: Option<&'a Block<'a>>,
    pub(crate) ctx: &'x EvalContext<'p>,
}

/// What one struct field is given.
enum Item<'a> {
    Label(&'a str, Span),
    Attribute(Value, Span),
    Blocks(&'a str, Vec<&'a Block<'a>>),
    Remain(Value),
}

impl<'a> BodyDeserializer<'_, 'a, '_> {
    fn missing_item_range(&self) -> Span {
        Span::new(self.body.span.start, self.body.span.start)
    }

    /// Evaluates each attribute; errors go to `diags`.
    fn evaluate_all<'n>(
        &self,
        attrs: impl IntoIterator<Item = (&'n str, &'a crate::ast::Attribute<'a>)>,
        diags: &mut Diagnostics,
    ) -> BTreeMap<&'n str, (Value, Span)> {
        attrs
            .into_iter()
            .map(|(name, attr)| {
                let out = evaluate(&attr.expr, self.ctx);
                diags.extend(out.diagnostics);
                (name, (out.value, attr.expr.span()))
            })
            .collect()
    }

    /// The items for the struct with `fields`, or every problem found in
    /// this body.
    fn items(&self, fields: &'static [&'static str]) -> Result<Vec<(&'static str, Item<'a>)>, Error> {
        let mut diags = Diagnostics::new();
        let mut labels = Vec::new();
        let mut attributes = Vec::new();
        let mut blocks = Vec::new();
        let mut remain = false;
        let kinds = fields.iter().map(|f| field_kind(f)).collect::<Result<Vec<_>, _>>()?;
        for kind in &kinds {
            match *kind {
                Field::Attribute(name) => attributes.push(AttributeSchema {
                    name: name.into(),
                    required: false,
                }),
                Field::Label(name) => labels.push(name),
                Field::Block(name) => blocks.push(BlockHeaderSchema {
                    type_name: name.into(),
                    label_names: Vec::new(),
                }),
                Field::Remain => remain = true,
            }
        }
        match self.block {
            Some(block) => diags.extend(label_problem(block, &labels)),
            None if !labels.is_empty() => {
                return Err(de::Error::custom(
                    "label fields are for a block's struct; a file's body has no labels",
                ))
            }
            None => {}
        }
        let schema = BodySchema::new(attributes, blocks).map_err(de::Error::custom)?;
        let view = BodyView::new(self.body);
        let (content, rest) = if remain {
            let (content, rest, d) = view.partial_content_with(&schema, false);
            diags.extend(d);
            (content, Some(rest))
        } else {
            let (content, d) = view.content_with(&schema, false);
            diags.extend(d);
            (content, None)
        };
        let mut values = self.evaluate_all(content.attributes.iter().map(|(k, v)| (*k, *v)), &mut diags);
        let rest = rest.map(|rest| {
            let (attrs, d) = rest.just_attributes();
            diags.extend(d);
            let values = self.evaluate_all(attrs, &mut diags);
            Value::object(values.into_iter().map(|(k, (v, _))| (k, v)))
        });
        if diags.has_errors() {
            diags.sort_by_position();
            return Err(Error::from_diagnostics(diags));
        }
        let mut label_values = self.block.into_iter().flat_map(|b| b.labels.iter());
        let mut items = Vec::new();
        for (field, kind) in fields.iter().zip(kinds) {
            let item = match kind {
                Field::Label(_) => {
                    let label = label_values.next().expect("label count checked");
                    Item::Label(label.value(), label.span())
                }
                Field::Attribute(name) => match values.remove(name) {
                    Some((value, span)) => Item::Attribute(value, span),
                    None => continue,
                },
                Field::Block(name) => Item::Blocks(
                    name,
                    content
                        .blocks
                        .iter()
                        .copied()
                        .filter(|b| b.block_type.name == name)
                        .collect(),
                ),
                Field::Remain => Item::Remain(rest.clone().expect("remain asked for")),
            };
            items.push((*field, item));
        }
        Ok(items)
    }

    /// An error from a visitor as this body's diagnostics.
    fn located(&self, e: Error) -> Error {
        Error::from_diagnostics(e.into_diagnostics(self.body.span, self.missing_item_range()))
    }
}

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_, '_, '_> {
    type Error = Error;

    /// Dynamic attributes: every attribute by name, evaluated; a block is
    /// an error.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let mut diags = Diagnostics::new();
        if let Some(block) = self.block {
            diags.extend(label_problem(block, &[] as &[&str]));
        }
        let (attrs, d) = BodyView::new(self.body).just_attributes();
        diags.extend(d);
        let values = self.evaluate_all(attrs, &mut diags);
        if diags.has_errors() {
            diags.sort_by_position();
            return Err(Error::from_diagnostics(diags));
        }
        let object = Value::object(values.into_iter().map(|(k, (v, _))| (k, v)));
        ValueDeserializer::new(&object)
            .deserialize_any(visitor)
            .map_err(|e| self.located(e))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let items = self.items(fields).map_err(|e| self.located(e))?;
        let access = StructAccess {
            items: items.into_iter(),
            pending: None,
            ctx: self.ctx,
            missing: self.missing_item_range(),
        };
        visitor.visit_map(access).map_err(|e| self.located(e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
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

/// The fields of one struct, in the struct's order.
struct StructAccess<'x, 'a, 'p> {
    items: std::vec::IntoIter<(&'static str, Item<'a>)>,
    pending: Option<Item<'a>>,
    ctx: &'x EvalContext<'p>,
    missing: Span,
}

impl<'de> de::MapAccess<'de> for StructAccess<'_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((field, item)) = self.items.next() else {
            return Ok(None);
        };
        self.pending = Some(item);
        seed.deserialize(field.into_deserializer()).map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let located = |span: Span| move |e: Error| Error::from_diagnostics(e.into_diagnostics(span, span));
        match self.pending.take() {
            Some(Item::Label(label, span)) => seed
                .deserialize(de::value::StrDeserializer::<Error>::new(label))
                .map_err(located(span)),
            Some(Item::Attribute(value, span)) => {
                seed.deserialize(ValueDeserializer::new(&value)).map_err(located(span))
            }
            Some(Item::Blocks(type_name, blocks)) => seed.deserialize(BlocksDeserializer {
                type_name,
                blocks,
                ctx: self.ctx,
                missing: self.missing,
            }),
            Some(Item::Remain(value)) => seed
                .deserialize(ValueDeserializer::new(&value))
                .map_err(located(self.missing)),
            None => Err(de::Error::custom("a value asked for before its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// Every block of one type, for a field that takes one (a struct), at most
/// one (an `Option`) or any number (a `Vec`).
struct BlocksDeserializer<'x, 'a, 'p> {
    type_name: &'a str,
    blocks: Vec<&'a Block<'a>>,
    ctx: &'x EvalContext<'p>,
    missing: Span,
}

impl<'x, 'a, 'p> BlocksDeserializer<'x, 'a, 'p> {
    /// The one block, or "Missing" / "Duplicate" block errors.
    fn single(&self) -> Result<BodyDeserializer<'x, 'a, 'p>, Error> {
        let ty = self.type_name;
        match self.blocks.as_slice() {
            [block] => Ok(BodyDeserializer {
                body: &block.body,
                block: Some(block),
                ctx: self.ctx,
            }),
            [] => Err(Error::one(Diagnostic::error(
                format!("Missing {ty} block"),
                format!("A {ty} block is required."),
                self.missing,
            ))),
            [first, rest @ ..] => {
                let mut diags = Diagnostics::new();
                for block in rest {
                    diags.push(
                        Diagnostic::error(
                            format!("Duplicate {ty} block"),
                            format!(
                                "Only one {ty} block is allowed. Another was defined at byte {}.",
                                first.block_type.span.start
                            ),
                            block.block_type.span,
                        )
                        .with_context(first.block_type.span),
                    );
                }
                Err(Error::from_diagnostics(diags))
            }
        }
    }
}

impl<'de> de::Deserializer<'de> for BlocksDeserializer<'_, '_, '_> {
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
        if self.blocks.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self.single()?)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(BlockSeq {
            blocks: self.blocks.into_iter(),
            ctx: self.ctx,
        })
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct map enum identifier
    }
}

/// The blocks of a `Vec` field, in source order.
struct BlockSeq<'x, 'a, 'p> {
    blocks: std::vec::IntoIter<&'a Block<'a>>,
    ctx: &'x EvalContext<'p>,
}

impl<'de> de::SeqAccess<'de> for BlockSeq<'_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(block) = self.blocks.next() else {
            return Ok(None);
        };
        seed.deserialize(BodyDeserializer {
            body: &block.body,
            block: Some(block),
            ctx: self.ctx,
        })
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len())
    }
}
