//! Terraform's IP network functions: `cidrhost`, `cidrnetmask`,
//! `cidrsubnet` and `cidrsubnets`, on IPv4 and IPv6 prefixes in CIDR
//! notation.
//!
//! A prefix is read as Terraform reads it: the address may have host bits
//! set (`10.1.2.3/16` is the network `10.1.0.0/16`), and the parts of an
//! IPv4 address may have leading zeros, which are decimal (`010.0.0.0/8`
//! is `10.0.0.0/8`), as Go's parser before 1.17 allowed and Terraform's
//! copy of it still does. Addresses are computed in 128-bit integers
//! ([`ipnet`] checks and prints them); numbers of hosts and subnets must
//! fit 127 bits and a sign.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::IpNet;
use num_traits::ToPrimitive;

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::{list_result, number_arg, str_arg};
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("cidrhost", cidrhost),
    ("cidrnetmask", cidrnetmask),
    ("cidrsubnet", cidrsubnet),
    ("cidrsubnets", cidrsubnets),
];

/// A network: its first address as an integer, its prefix length, and
/// its address width (32 or 128).
#[derive(Clone, Copy, Debug)]
struct Net {
    start: u128,
    prefix: u32,
    width: u32,
}

impl Net {
    /// The mask of the host bits of a prefix of length `len`.
    fn host_mask(&self, len: u32) -> u128 {
        let host = self.width - len;
        if host == 128 {
            u128::MAX
        } else {
            (1u128 << host) - 1
        }
    }

    fn contains(&self, addr: u128) -> bool {
        addr & !self.host_mask(self.prefix) == self.start
    }

    /// An address of this network's family as text.
    fn address(&self, a: u128) -> String {
        if self.width == 32 {
            Ipv4Addr::from(a as u32).to_string()
        } else {
            Ipv6Addr::from(a).to_string()
        }
    }

    /// The network at `start` with prefix length `len`, as CIDR text.
    fn cidr(&self, start: u128, len: u32) -> Result<String, FunctionError> {
        let addr = if self.width == 32 {
            IpAddr::V4(Ipv4Addr::from(start as u32))
        } else {
            IpAddr::V6(Ipv6Addr::from(start))
        };
        let net = IpNet::new(addr, len as u8).map_err(|e| FunctionError::new(e.to_string()))?;
        Ok(net.to_string())
    }
}

/// A prefix in CIDR notation, or Terraform's error for it.
fn parse_cidr(s: &str) -> Result<Net, String> {
    let bad = || format!("invalid CIDR expression: invalid CIDR address: {s}");
    let (addr, len) = s.split_once('/').ok_or_else(bad)?;
    // Go reads the length as decimal digits only (no sign)
    if len.is_empty() || !len.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let len: u32 = len.parse().map_err(|_| bad())?;
    let (value, width) = match parse_ipv4(addr) {
        Some(a) => (u128::from(u32::from(a)), 32),
        None => (u128::from(addr.parse::<Ipv6Addr>().map_err(|_| bad())?), 128),
    };
    if len > width {
        return Err(bad());
    }
    let mut net = Net {
        start: value,
        prefix: len,
        width,
    };
    net.start &= !net.host_mask(len);
    Ok(net)
}

/// Dotted-decimal IPv4, each part decimal digits (leading zeros allowed)
/// of at most 255.
fn parse_ipv4(s: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = s.split('.');
    for o in &mut octets {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *o = p.parse().ok()?;
    }
    parts.next().is_none().then(|| Ipv4Addr::from(octets))
}

/// A whole number argument in 128 bits (Terraform reads host and subnet
/// numbers as big integers), or the error.
fn whole(v: &Value) -> Result<i128, String> {
    number_arg(v)
        .ok()
        .and_then(|n| n.to_rational())
        .filter(|r| r.is_integer())
        .and_then(|r| r.numer().to_i128())
        .ok_or_else(|| "value must be a whole number".to_string())
}

/// `cidrhost(prefix, hostnum)`: the address of host number `hostnum` in
/// the network (`0` is the network's own address; a negative number counts
/// back from the last address, `-1`). A number beyond the network is an
/// error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/cidrhost`.
fn cidrhost(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .param(Parameter::new("hostnum", Type::Number).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| {
            let num = whole(&args[1]).map_err(FunctionError::new)?;
            let net = parse_cidr(str_arg(&args[0])?).map_err(FunctionError::new)?;
            let max = net.host_mask(net.prefix);
            let offset = if num < 0 {
                max.checked_sub((-num - 1) as u128)
            } else {
                Some(num as u128)
            };
            let offset = offset.filter(|o| *o <= max).ok_or_else(|| {
                // go-cidr names a negative number by what it counted back to
                let shown = if num < 0 {
                    (max as i128).wrapping_sub(-num - 1)
                } else {
                    num
                };
                FunctionError::new(format!(
                    "prefix of {} does not accommodate a host numbered {shown}",
                    net.prefix
                ))
            })?;
            Ok(Value::from(net.address(net.start | offset)))
        })
}

/// `cidrnetmask(prefix)`: the subnet mask of an IPv4 network in dotted
/// form (`172.16.0.0/12` gives `255.240.0.0`); IPv6 networks have no
/// netmask, an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/cidrnetmask`.
fn cidrnetmask(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| {
            let s = str_arg(&args[0])?;
            let net = parse_cidr(s).map_err(FunctionError::new)?;
            if net.width != 32 {
                return Err(FunctionError::new(format!("IPv6 addresses cannot have a netmask: {s}")));
            }
            Ok(Value::from(net.address(!net.host_mask(net.prefix) & 0xffff_ffff)))
        })
}

/// `cidrsubnet(prefix, newbits, netnum)`: subnet number `netnum` of the
/// network when its prefix is `newbits` bits longer
/// (`cidrsubnet("10.1.0.0/16", 8, 2)` is `10.1.2.0/24`). A prefix longer
/// than the address, or a subnet number that `newbits` bits cannot hold,
/// is an error, and so are negative numbers.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/cidrsubnet`.
fn cidrsubnet(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .param(Parameter::new("newbits", Type::Number).allow_dynamic())
        .param(Parameter::new("netnum", Type::Number).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| {
            let newbits = whole(&args[1]).map_err(FunctionError::new)?;
            let netnum = whole(&args[2]).map_err(FunctionError::new)?;
            let net = parse_cidr(str_arg(&args[0])?).map_err(FunctionError::new)?;
            if newbits < 0 {
                return Err(FunctionError::argument(1, "must not be negative"));
            }
            if netnum < 0 {
                return Err(FunctionError::argument(2, "must not be negative"));
            }
            let len = i128::from(net.prefix) + newbits;
            if len > i128::from(net.width) {
                return Err(FunctionError::new(format!(
                    "insufficient address space to extend prefix of {} by {newbits}",
                    net.prefix
                )));
            }
            let len = len as u32;
            let max = if newbits >= 127 {
                u128::MAX
            } else {
                (1u128 << newbits) - 1
            };
            if netnum as u128 > max {
                return Err(FunctionError::new(format!(
                    "prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
                )));
            }
            let shift = net.width - len;
            let start = net.start | if shift == 128 { 0 } else { (netnum as u128) << shift };
            Ok(Value::from(net.cidr(start, len)?))
        })
}

/// `cidrsubnets(prefix, newbits...)`: consecutive subnets of the network,
/// one per argument, each with its prefix that many bits longer (1 to 32),
/// allocated in order from the start of the network, each aligned to its
/// own size (so a larger subnet after a smaller one leaves a gap). As in
/// Terraform (go-cidr's walk), a network at the zero address (`0.0.0.0/0`,
/// `::/8`) has no room for any subnet. No
/// further argument gives an empty list; running out of the network's
/// addresses is an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/cidrsubnets`.
fn cidrsubnets(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .variadic(Parameter::new("newbits", Type::Number).allow_dynamic())
        .returns(Type::list(Type::String))
        .implementation(|args, _| {
            let net = parse_cidr(str_arg(&args[0])?).map_err(|e| FunctionError::argument(0, e))?;
            let mut out = Vec::with_capacity(args.len() - 1);
            // where the next subnet may start
            // Terraform's walk (go-cidr's PreviousSubnet and NextSubnet):
            // the current subnet starts as the one of the first length just
            // below the network, and each next subnet is the one of its
            // length after the block of that length holding the current
            // subnet's last address. Past the end of the address space (so
            // also for a network at the zero address, whose previous subnet
            // is the last one) there is no next subnet.
            let mut current: Option<(u128, u32)> = None;
            for (i, arg) in args[1..].iter().enumerate() {
                let bits = whole(arg).map_err(|e| FunctionError::argument(i + 1, e))?;
                if bits < 1 {
                    return Err(FunctionError::argument(i + 1, "must extend prefix by at least one bit"));
                }
                if bits > 32 {
                    return Err(FunctionError::argument(
                        i + 1,
                        "may not extend prefix by more than 32 bits",
                    ));
                }
                let len = net.prefix + bits as u32;
                if len > net.width {
                    let family = if net.width == 32 { "IPv4" } else { "IPv6" };
                    return Err(FunctionError::argument(
                        i + 1,
                        format!("would extend prefix to {len} bits, which is too long for an {family} address"),
                    ));
                }
                let (cur_start, cur_len) = *current.get_or_insert_with(|| {
                    let below = net.start.wrapping_sub(1) & net.host_mask(0);
                    (below & !net.host_mask(len), len)
                });
                let last = cur_start | net.host_mask(cur_len);
                let block_end = last | net.host_mask(len);
                let next = block_end
                    .checked_add(1)
                    .filter(|n| net.width == 128 || *n <= u128::from(u32::MAX))
                    .filter(|n| net.contains(*n));
                let Some(next) = next else {
                    let after = net.cidr(cur_start, cur_len)?;
                    return Err(FunctionError::argument(
                        i + 1,
                        format!(
                            "not enough remaining address space for a subnet with a prefix of {len} bits after {after}"
                        ),
                    ));
                };
                out.push(Value::from(net.cidr(next, len)?));
                current = Some((next, len));
            }
            list_result(Type::String, out)
        })
}
