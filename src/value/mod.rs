//! The information model's values and types, independent of any syntax.
//!
//! - [`Type`]: string, number, bool; `list`, `set` and `map` of an element
//!   type; `object` and `tuple`; the dynamic pseudo-type; application
//!   capsule types. `==` is type identity; [`Type::matches`] is the
//!   non-commutative relation of type specifications.
//! - [`Value`]: a value of a type, including each type's null and unknown
//!   values. Strings are NFC, sets distinct and ordered, map keys sorted.
//! - [`Value::equals`]: the model's equality, unknown-aware.
//!
//! Conversions and unification live in [`crate::convert`], functions in
//! [`crate::function`], numbers in [`crate::number`].
//!
//! spec: model#values-and-value-types
//!
//! The expression language's values are exactly these.
//!
//! spec: hclsyntax#types

mod capsule;
pub(crate) mod equality;
mod literal;
mod order;
mod refine;
#[cfg(feature = "serde")]
mod serialize;
mod size;
mod text;
mod types;
#[allow(clippy::module_inception)]
mod value;

pub use capsule::{Capsule, CapsuleType};
pub(crate) use equality::Tri;
pub(crate) use refine::{length_bounds, number_bounds, unknown_with};
pub use refine::{RefineError, Refinement, Refiner, ValueRange, MAX_LENGTH};
pub(crate) use text::{nfc, nfc_arc};
pub(crate) use text::{shared_short, sorted_by_name};
pub(crate) use types::{fans_out, is_identifier, node_id as type_node_id};
pub use types::{ObjectType, Type};
#[cfg_attr(not(feature = "serde"), allow(unused_imports))]
pub(crate) use value::shortest_f64;
pub use value::{ElementTypeError, Value, ValueRef};
