//! The native and JSON syntaxes as a user meets them: adversarial and bad
//! input, limits, static analysis, the JSON syntax and its conversions to
//! and from the native one, namespaced calls, the formatter over the corpus.

mod common;

mod syntax {
    pub mod adversarial;
    pub mod analysis;
    pub mod bad_input;
    pub mod dynblock_json;
    pub mod format_corpus;
    pub mod json_roundtrip;
    pub mod json_syntax;
    pub mod json_to_native;
    pub mod limits;
    pub mod namespaced_calls;
}
