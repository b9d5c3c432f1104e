// SPDX-License-Identifier: MIT
// §18 C14: the devnet's test token: an ERC-20 named "Devnet USD", symbol USDT, 6 decimals; the
// constructor mints `amount` units to each of `holders`. Transfers emit the standard Transfer event the
// rail's follower reads (C13). No owner, no mint after deployment.
pragma solidity 0.8.37;

contract DevnetToken {
    string public constant name = "Devnet USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address[] memory holders, uint256 amount) {
        for (uint256 i = 0; i < holders.length; i++) {
            balanceOf[holders[i]] += amount;
            totalSupply += amount;
            emit Transfer(address(0), holders[i], amount);
        }
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "to zero");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
