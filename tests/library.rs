//! The library's applications as a user calls them: bodies and schemas,
//! decoding (specs, serde), files, serialization, evaluation limits and
//! the step meter, Terraform's functions, the library-user crate, and the
//! traceability of the spec's ids.

mod common;

mod library {
    pub mod body;
    pub mod dec;
    #[cfg(feature = "serde")]
    pub mod decode;
    #[cfg(feature = "serde")]
    pub mod decode_any;
    pub mod eval_limits;
    pub mod files;
    pub mod library_user;
    pub mod meter;
    #[cfg(feature = "serde")]
    pub mod ser_roundtrip;
    #[cfg(feature = "terraform")]
    pub mod terraform_files;
    #[cfg(feature = "terraform")]
    pub mod terraform_modules;
    #[cfg(feature = "terraform")]
    pub mod terraform_robustness;
    pub mod traceability;
}
