//! The information model's values, types, conversions, unification and
//! functions, tested sentence by sentence: one module per section of
//! `information-model.md`, each test naming the section it checks; with the
//! laws (property tests), numbers, conversions, the standard library and
//! type constraints against the reference's answers, and deep values.

mod common;

mod model {
    pub mod capsule_types;
    pub mod collection_types;
    pub mod conversion_dynamic;
    pub mod conversion_null;
    pub mod conversions_collections;
    pub mod conversions_oracle;
    pub mod conversions_primitive;
    pub mod deep_values;
    pub mod functions;
    pub mod laws;
    pub mod null_values;
    pub mod numbers;
    pub mod primitive_types;
    pub mod refinements;
    pub mod stdlib;
    pub mod structural_types;
    pub mod support;
    pub mod type_specifications;
    pub mod typeexpr;
    pub mod unification;
    pub mod unknown_values;
    pub mod values_and_types;
}
