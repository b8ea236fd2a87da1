// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The devnet's HTLC swap contract, with exactly the ABI and rules of KDF's EtomicSwap v1 so the
/// node's EVM coin talks to it as to the mainnet contract: a payment is stored under its id as
/// ripemd160(receiver ‖ sender ‖ secretHash ‖ token ‖ amount) and is spent by the receiver with
/// the secret (ripemd160(sha256(secret)) == secretHash) or refunded to the sender from lockTime on.
/// The token is address(0) for ETH.
contract EtomicSwap {
    enum PaymentState {
        Uninitialized,
        PaymentSent,
        ReceiverSpent,
        SenderRefunded
    }

    struct Payment {
        bytes20 paymentHash;
        uint64 lockTime;
        PaymentState state;
    }

    mapping(bytes32 => Payment) public payments;

    event PaymentSent(bytes32 id);
    event ReceiverSpent(bytes32 id, bytes32 secret);
    event SenderRefunded(bytes32 id);

    function ethPayment(bytes32 _id, address _receiver, bytes20 _secretHash, uint64 _lockTime) external payable {
        _open(_id, _receiver, _secretHash, _lockTime, address(0), msg.value);
    }

    /// Pulls the tokens with transferFrom: the sender approves this contract first.
    function erc20Payment(
        bytes32 _id,
        uint256 _amount,
        address _tokenAddress,
        address _receiver,
        bytes20 _secretHash,
        uint64 _lockTime
    ) external {
        require(_tokenAddress.code.length > 0, "EtomicSwap: token is not a contract");
        _open(_id, _receiver, _secretHash, _lockTime, _tokenAddress, _amount);
        _callToken(_tokenAddress, abi.encodeWithSelector(IERC20.transferFrom.selector, msg.sender, address(this), _amount));
    }

    /// The receiver (msg.sender) reveals the secret; the event publishes it for the other chain.
    function receiverSpend(bytes32 _id, uint256 _amount, bytes32 _secret, address _tokenAddress, address _sender) external {
        bytes20 secretHash = ripemd160(abi.encodePacked(sha256(abi.encodePacked(_secret))));
        _close(_id, _hash(msg.sender, _sender, secretHash, _tokenAddress, _amount), PaymentState.ReceiverSpent);
        _pay(msg.sender, _tokenAddress, _amount);
        emit ReceiverSpent(_id, _secret);
    }

    /// The sender (msg.sender) takes the payment back once block.timestamp ≥ lockTime.
    /// `_paymentHash` is the payment's secret hash (KDF's parameter name).
    function senderRefund(bytes32 _id, uint256 _amount, bytes20 _paymentHash, address _tokenAddress, address _receiver) external {
        require(block.timestamp >= payments[_id].lockTime, "EtomicSwap: locktime not reached");
        _close(_id, _hash(_receiver, msg.sender, _paymentHash, _tokenAddress, _amount), PaymentState.SenderRefunded);
        _pay(msg.sender, _tokenAddress, _amount);
        emit SenderRefunded(_id);
    }

    function _open(bytes32 id, address receiver, bytes20 secretHash, uint64 lockTime, address token, uint256 amount) private {
        require(receiver != address(0), "EtomicSwap: zero receiver");
        require(amount > 0, "EtomicSwap: zero amount");
        require(payments[id].state == PaymentState.Uninitialized, "EtomicSwap: id already used");
        payments[id] = Payment(_hash(receiver, msg.sender, secretHash, token, amount), lockTime, PaymentState.PaymentSent);
        emit PaymentSent(id);
    }

    /// Both exits: the hash binds the caller's role, the token and the amount to the payment.
    function _close(bytes32 id, bytes20 paymentHash, PaymentState next) private {
        Payment storage payment = payments[id];
        require(payment.state == PaymentState.PaymentSent, "EtomicSwap: not in PaymentSent state");
        require(payment.paymentHash == paymentHash, "EtomicSwap: invalid payment");
        payment.state = next; // before the transfer: no re-entry can see the payment open
    }

    function _hash(address receiver, address sender, bytes20 secretHash, address token, uint256 amount) private pure returns (bytes20) {
        return ripemd160(abi.encodePacked(receiver, sender, secretHash, token, amount));
    }

    function _pay(address to, address token, uint256 amount) private {
        if (token == address(0)) {
            (bool ok, ) = payable(to).call{value: amount}("");
            require(ok, "EtomicSwap: ETH transfer failed");
        } else {
            _callToken(token, abi.encodeWithSelector(IERC20.transfer.selector, to, amount));
        }
    }

    /// Accepts tokens that return nothing as well as those returning true (as USDT does not).
    function _callToken(address token, bytes memory data) private {
        (bool ok, bytes memory ret) = token.call(data);
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "EtomicSwap: token transfer failed");
    }
}

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
