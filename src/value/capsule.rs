//! Capsule types: opaque application-defined types.
//!
//! spec: model#capsule-types
//!
//! A capsule type is identical only to itself (two [`CapsuleType`]s are the
//! same type exactly when they are clones of one `CapsuleType::new`), and the
//! application supplies the equality of its values. Conversions and
//! unification never produce or consume capsule values except as the
//! identity conversion.

use std::any::Any;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

type EqFn = dyn Fn(&dyn Any, &dyn Any) -> bool + Send + Sync;
type CmpFn = dyn Fn(&dyn Any, &dyn Any) -> Ordering + Send + Sync;

/// An application-defined type whose values HCL passes through untouched.
///
/// ```
/// use hcl_native::value::{CapsuleType, Value};
/// use std::sync::Arc;
///
/// let bytes = CapsuleType::new("bytes", |a, b| {
///     a.downcast_ref::<Vec<u8>>() == b.downcast_ref::<Vec<u8>>()
/// });
/// let a = Value::capsule(&bytes, Arc::new(vec![1u8, 2]));
/// let b = Value::capsule(&bytes, Arc::new(vec![1u8, 2]));
/// assert_eq!(a.equals(&b).as_bool(), Some(true));
///
/// // Another capsule type with the same name is a different type.
/// let other = CapsuleType::new("bytes", |_, _| true);
/// assert_ne!(bytes, other);
/// ```
#[derive(Clone)]
pub struct CapsuleType(Arc<Def>);

struct Def {
    name: String,
    equals: Box<EqFn>,
    order: Option<Box<CmpFn>>,
}

impl CapsuleType {
    /// A new capsule type, distinct from every other, whose values are
    /// equal when `equals` says so. Without an order (see
    /// [`CapsuleType::with_order`]), a set whose elements hold such values
    /// compares each element with every other: quadratic in the set's
    /// size.
    pub fn new(name: impl Into<String>, equals: impl Fn(&dyn Any, &dyn Any) -> bool + Send + Sync + 'static) -> Self {
        CapsuleType(Arc::new(Def {
            name: name.into(),
            equals: Box::new(equals),
            order: None,
        }))
    }

    /// Like [`CapsuleType::new`], with a total order consistent with
    /// `equals`, which sets of this type's values iterate in (without one,
    /// such sets keep their elements in insertion order).
    pub fn with_order(
        name: impl Into<String>,
        equals: impl Fn(&dyn Any, &dyn Any) -> bool + Send + Sync + 'static,
        order: impl Fn(&dyn Any, &dyn Any) -> Ordering + Send + Sync + 'static,
    ) -> Self {
        CapsuleType(Arc::new(Def {
            name: name.into(),
            equals: Box::new(equals),
            order: Some(Box::new(order)),
        }))
    }

    /// The name the application gave the type (for messages only).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    pub(crate) fn values_equal(&self, a: &dyn Any, b: &dyn Any) -> bool {
        (self.0.equals)(a, b)
    }

    pub(crate) fn values_cmp(&self, a: &dyn Any, b: &dyn Any) -> Ordering {
        match &self.0.order {
            Some(order) => order(a, b),
            None => Ordering::Equal,
        }
    }

    pub(crate) fn has_order(&self) -> bool {
        self.0.order.is_some()
    }
}

impl PartialEq for CapsuleType {
    /// Identity: a capsule type is identical only to itself.
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CapsuleType {}

impl std::hash::Hash for CapsuleType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(Arc::as_ptr(&self.0), state)
    }
}

impl fmt::Debug for CapsuleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "capsule({})", self.0.name)
    }
}

/// A value of a capsule type: the application's payload, shared.
#[derive(Clone)]
pub struct Capsule {
    pub(crate) ty: CapsuleType,
    pub(crate) payload: Arc<dyn Any + Send + Sync>,
}

impl Capsule {
    /// The capsule's type.
    pub fn capsule_type(&self) -> &CapsuleType {
        &self.ty
    }

    /// The application's payload.
    pub fn payload(&self) -> &(dyn Any + Send + Sync) {
        &*self.payload
    }
}

impl fmt::Debug for Capsule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "capsule({})", self.ty.name())
    }
}
