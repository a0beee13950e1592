//! Typed channel indices of a [`super::circuit::Circuit`]: a [`ChannelId`] is a channel's
//! position in the circuit's channels, and a [`ChannelVec`] holds one value per channel,
//! indexed by `ChannelId` only, so that a channel index cannot be taken for a unit's (units
//! are `OpId`s, or positions in a CFDFC's or a timing graph's unit list, all plain) nor
//! per-channel data for per-unit or per-CFDFC data.
//!
//! Invariant: every `ChannelVec` of one circuit (its channels, a placement, a mask, the
//! buffers' delays) has one entry per channel of the circuit, in channel order; indexing
//! past the end panics like a slice.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A channel of the circuit: its position in [`super::circuit::Circuit::channels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChannelId(usize);

impl ChannelId {
    /// The channel at position `index`.
    pub fn new(index: usize) -> ChannelId {
        ChannelId(index)
    }

    /// The channel's position in channel order.
    pub fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for ChannelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The ids of `n` channels, in order.
fn channel_ids(n: usize) -> impl DoubleEndedIterator<Item = ChannelId> + Clone {
    (0..n).map(ChannelId)
}

/// One value per channel, in channel order.
#[derive(Clone, Debug, PartialEq)]
pub struct ChannelVec<T>(Vec<T>);

impl<T> Default for ChannelVec<T> {
    /// No channels.
    fn default() -> ChannelVec<T> {
        ChannelVec(Vec::new())
    }
}

impl<T> ChannelVec<T> {
    /// `value(c)` for each of `n` channels.
    pub fn from_fn(n: usize, value: impl FnMut(ChannelId) -> T) -> ChannelVec<T> {
        ChannelVec(channel_ids(n).map(value).collect())
    }

    /// How many channels.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no channels.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The channels' ids, in order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = ChannelId> + Clone {
        channel_ids(self.len())
    }

    /// Appends the value of a new channel; returns its id.
    pub fn push(&mut self, value: T) -> ChannelId {
        self.0.push(value);
        ChannelId(self.0.len() - 1)
    }

    /// The values in channel order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values in channel order, mutable.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each channel's id with its value.
    pub fn iter_enumerated(&self) -> impl Iterator<Item = (ChannelId, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (ChannelId(i), v))
    }

    /// `f` of each channel's id and value, in channel order.
    pub fn map<U>(&self, mut f: impl FnMut(ChannelId, &T) -> U) -> ChannelVec<U> {
        self.iter_enumerated().map(|(c, v)| f(c, v)).collect()
    }
}

impl<T: Clone> ChannelVec<T> {
    /// `value` on each of `n` channels.
    pub fn filled(value: T, n: usize) -> ChannelVec<T> {
        ChannelVec(vec![value; n])
    }
}

impl<T> FromIterator<T> for ChannelVec<T> {
    /// Values in channel order.
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> ChannelVec<T> {
        ChannelVec(values.into_iter().collect())
    }
}

impl<T> Index<ChannelId> for ChannelVec<T> {
    type Output = T;

    fn index(&self, c: ChannelId) -> &T {
        &self.0[c.0]
    }
}

impl<T> IndexMut<ChannelId> for ChannelVec<T> {
    fn index_mut(&mut self, c: ChannelId) -> &mut T {
        &mut self.0[c.0]
    }
}

impl<'a, T> IntoIterator for &'a ChannelVec<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
